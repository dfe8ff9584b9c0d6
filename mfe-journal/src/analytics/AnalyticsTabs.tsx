import type { Analytics } from '@yoman/contracts';
import { TRADE_SESSION_LABELS } from '@yoman/contracts/constants';
import { Card, CardTitle, formatPercent, formatR, LtrRun, media, Num } from '@yoman/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@yoman/ui/overlays';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { heAnalytics as a } from '../i18n-analytics';
import { FigureText } from '../screen/FigureText';
import { ComparisonChart } from './charts/ComparisonChart';
import { CumulativeRChart } from './charts/CumulativeRChart';
import { HourWeekdayHeatmap } from './charts/HourWeekdayHeatmap';
import { RHistogram } from './charts/RHistogram';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding-top: ${({ theme }) => theme.space[4]};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};
  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${({ theme }) => theme.space[2]};
    text-align: start;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    font-size: ${({ theme }) => theme.fontSizes.caption};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

const List = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const Gold = styled(Num)`
  font-size: ${({ theme }) => theme.fontSizes.h2};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.gold};
`;

type Row = { name: ReactNode; trades: number; winRate: number; avgR: number };

function BreakdownTable({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  return (
    <Card as="section" aria-label={title} data-testid={testId}>
      <CardTitle>{title}</CardTitle>
      <Table>
        <thead>
          <tr>
            <th scope="col">{title}</th>
            <th scope="col">{a.trades}</th>
            <th scope="col">{a.winRate}</th>
            <th scope="col">{a.avgR}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's order, never reordered here.
            <tr key={i}>
              <td>{row.name}</td>
              <td>
                <Num>{row.trades}</Num>
              </td>
              <td>
                <Num>{formatPercent(row.winRate)}</Num>
              </td>
              <td>
                <Num>{formatR(row.avgR)}</Num>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

function SlotList({
  title,
  slots,
}: {
  title: string;
  slots: { label: string; trades: number; avgR: number }[];
}) {
  return (
    <Card as="section" aria-label={title}>
      <CardTitle>{title}</CardTitle>
      {slots.length === 0 ? (
        <p>{a.noInsights}</p>
      ) : (
        <List>
          {slots.map((slot) => (
            <li key={slot.label}>
              <LtrRun>{slot.label}</LtrRun> · <Num>{formatR(slot.avgR)}</Num> · {slot.trades} {a.trades}
            </li>
          ))}
        </List>
      )}
    </Card>
  );
}

function InsightList({ title, items }: { title: string; items: string[] }) {
  return (
    <Card as="section" aria-label={title}>
      <CardTitle>{title}</CardTitle>
      {items.length === 0 ? (
        <p>{a.noInsights}</p>
      ) : (
        <List>
          {items.map((item) => (
            <li key={item}>
              <FigureText text={item} />
            </li>
          ))}
        </List>
      )}
    </Card>
  );
}

/** The five tabs: R distribution, breakdown, time, comparison, insights; every placeholder is a real chart. */
export function AnalyticsTabs({ analytics }: { analytics: Analytics }) {
  const time = analytics.timeAnalysis;
  return (
    <Tabs defaultValue="distribution">
      <TabsList aria-label={a.tabs}>
        <TabsTrigger value="distribution">{a.tabDistribution}</TabsTrigger>
        <TabsTrigger value="breakdown">{a.tabBreakdown}</TabsTrigger>
        <TabsTrigger value="time">{a.tabTime}</TabsTrigger>
        <TabsTrigger value="comparison">{a.tabComparison}</TabsTrigger>
        <TabsTrigger value="insights">{a.tabInsights}</TabsTrigger>
      </TabsList>
      <TabsContent value="distribution">
        <Stack>
          <CumulativeRChart curve={analytics.cumulativeR} />
          <RHistogram buckets={analytics.rDistribution} />
          <Card as="section" aria-label={a.tabDistribution}>
            <Table data-testid="r-ranges">
              <thead>
                <tr>
                  <th scope="col">{a.range}</th>
                  <th scope="col">{a.count}</th>
                  <th scope="col">{a.percentage}</th>
                </tr>
              </thead>
              <tbody>
                {analytics.rDistribution.map((bucket) => (
                  <tr key={bucket.key}>
                    <td>
                      <FigureText text={bucket.range} />
                    </td>
                    <td>
                      <Num>{bucket.count}</Num>
                    </td>
                    <td>
                      <Num>{formatPercent(bucket.percentage)}</Num>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Card>
        </Stack>
      </TabsContent>
      <TabsContent value="breakdown">
        <Stack>
          <Columns>
            <BreakdownTable
              title={a.bySession}
              testId="by-session"
              rows={analytics.sessionBreakdown.map((r) => ({ ...r, name: TRADE_SESSION_LABELS[r.session] }))}
            />
            <BreakdownTable
              title={a.bySetup}
              testId="by-setup"
              rows={analytics.setupBreakdown.map((r) => ({ ...r, name: r.name }))}
            />
            <BreakdownTable
              title={a.byAsset}
              testId="by-asset"
              rows={analytics.assetBreakdown.map((r) => ({ ...r, name: <LtrRun>{r.asset}</LtrRun> }))}
            />
          </Columns>
        </Stack>
      </TabsContent>
      <TabsContent value="time">
        <Stack>
          <HourWeekdayHeatmap cells={time.heatmap} />
          <Columns>
            <Card as="section" aria-label={a.goldTime}>
              <CardTitle>{a.goldTime}</CardTitle>
              <Gold data-testid="gold-time">{time.goldTime}</Gold>
            </Card>
            <SlotList title={a.bestHours} slots={time.bestHours} />
            <SlotList title={a.bestDays} slots={time.bestDays} />
          </Columns>
        </Stack>
      </TabsContent>
      <TabsContent value="comparison">
        <Stack>
          <ComparisonChart comparison={analytics.comparison} />
        </Stack>
      </TabsContent>
      <TabsContent value="insights">
        <Stack>
          <Columns>
            <InsightList title={a.weeklyInsights} items={analytics.weeklyInsights} />
            <InsightList title={a.monthlyInsights} items={analytics.monthlyInsights} />
          </Columns>
        </Stack>
      </TabsContent>
    </Tabs>
  );
}
