import type { Analytics } from '@yoman/contracts';
import { Button, ChartIcon, EmptyState, ErrorPanel, errorMessageOf, useToast } from '@yoman/ui';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { type AnalyticsPeriod, useGetAnalyticsQuery } from '../analytics-api';
import { heAnalytics as a } from '../i18n-analytics';
import { ScreenHeader, ScreenPage } from '../screen/ScreenLayout';
import { AnalyticsKpis, AnalyticsKpisSkeleton } from './AnalyticsKpis';
import { AnalyticsTabs } from './AnalyticsTabs';
import { PeriodPicker } from './PeriodPicker';

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]};
`;

/** Builds the PDF in the browser; @react-pdf and the Hebrew font load only when a report is asked for. */
function useReportDownload(data: Analytics | undefined) {
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  const download = async () => {
    if (!data) return;
    setPending(true);
    try {
      const { downloadAnalyticsReport } = await import(
        /* webpackChunkName: "analytics-report" */ './report/download-report'
      );
      await downloadAnalyticsReport(data, new Date());
      toast({ title: a.pdfReady });
    } catch (error) {
      toast({ title: a.pdfFailed, description: errorMessageOf(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return { download, pending, ready: data !== undefined };
}

/** /analytics: a period, the six KPIs, five tabs of charts and tables, and the PDF report of the period. */
export function AnalyticsScreen() {
  const [period, setPeriod] = useState<AnalyticsPeriod>({});
  // The report is of the period on screen: currentData, never the previous period's answer while a new one loads.
  const { data, currentData, isLoading, isFetching, error, refetch } = useGetAnalyticsQuery(period);
  const report = useReportDownload(currentData);

  let body: ReactNode;
  if (error) {
    body = (
      <ErrorPanel
        title={a.loadError}
        message={errorMessageOf(error)}
        retryLabel={a.retry}
        onRetry={refetch}
        retrying={isFetching}
      />
    );
  } else if (isLoading || !data) {
    body = <AnalyticsKpisSkeleton />;
  } else if (data.coreMetrics.totalTrades === 0) {
    body = <EmptyState icon={<ChartIcon />} title={a.emptyTitle} text={a.emptyBody} />;
  } else {
    body = (
      <>
        <AnalyticsKpis core={data.coreMetrics} />
        <AnalyticsTabs analytics={data} />
      </>
    );
  }

  return (
    <ScreenPage aria-busy={isFetching || undefined}>
      <ScreenHeader $align="flex-end">
        <h1>{a.title}</h1>
        <Controls>
          <PeriodPicker onChange={setPeriod} />
          <Button
            variant="secondary"
            onClick={report.download}
            disabled={!report.ready || report.pending}
            pending={report.pending}
            pendingLabel={a.pdfPending}
          >
            {a.pdfButton}
          </Button>
        </Controls>
      </ScreenHeader>
      {body}
    </ScreenPage>
  );
}
