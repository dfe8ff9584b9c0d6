import { WIN_RATE_GREEN_FROM } from '@yoman/contracts';
import { formatCount, formatIlsWhole, formatR, KpiTile, media, Num, Skeleton } from '@yoman/ui';
import styled from 'styled-components';
import { he } from '../i18n';
import { ConsistencyRing } from './ConsistencyRing';
import type { MonthKpis } from './month-kpis';

const Tiles = styled.section`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(140px, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.space[1]};

  ${media.md} {
    grid-auto-flow: row;
    grid-template-columns: repeat(4, minmax(0, 1fr));
    overflow-x: visible;
  }

  ${media.lg} {
    grid-template-columns: repeat(7, minmax(0, 1fr));
  }
`;

const SKELETON_TILES = ['net-r', 'trades', 'win-rate', 'average-r', 'profit', 'days', 'consistency'];

const tone = (n: number) => (n > 0 ? 'profit' : n < 0 ? 'loss' : 'default');

export type MonthKpiTilesProps = { kpis: MonthKpis | null };

/** The calendar's seven KPI tiles; a skeleton of the same tiles while the month loads. */
export function MonthKpiTiles({ kpis }: MonthKpiTilesProps) {
  const c = he.calendar;
  if (!kpis) {
    return (
      <Tiles aria-busy="true" aria-label={c.title}>
        {SKELETON_TILES.map((key) => (
          <Skeleton key={key} height="84px" radius="card" />
        ))}
      </Tiles>
    );
  }
  return (
    <Tiles aria-label={c.title} data-testid="month-kpis">
      <KpiTile
        label={c.kpiNetR}
        value={<Num data-kpi="net-r">{formatR(kpis.netR, 1)}</Num>}
        tone={tone(kpis.netR)}
      />
      <KpiTile label={c.kpiTrades} value={<Num data-kpi="trades">{formatCount(kpis.trades)}</Num>} />
      <KpiTile
        label={c.kpiWinRate}
        value={<Num data-kpi="win-rate">{`${kpis.winRate}%`}</Num>}
        tone={kpis.trades === 0 ? 'default' : kpis.winRate >= WIN_RATE_GREEN_FROM ? 'profit' : 'loss'}
      />
      <KpiTile
        label={c.kpiAverageR}
        value={<Num data-kpi="average-r">{formatR(kpis.averageR)}</Num>}
        tone={tone(kpis.averageR)}
      />
      <KpiTile
        label={c.kpiProfitIls}
        value={<Num data-kpi="profit-ils">{formatIlsWhole(kpis.profitIls)}</Num>}
        tone={tone(kpis.profitIls)}
      />
      <KpiTile
        label={c.kpiWinningDays}
        value={
          // The tile's value is a left-to-right run; this one is a Hebrew phrase, so it gets its own direction.
          <span dir="rtl" data-kpi="winning-days">
            <Num>{kpis.winningDays}</Num> {c.winningDaysOf} <Num>{kpis.tradingDays}</Num>
          </span>
        }
      />
      <KpiTile
        label={c.kpiConsistency}
        value={<Num data-kpi="consistency">{`${kpis.consistency}%`}</Num>}
        delta={c.consistencyHint}
      >
        <ConsistencyRing percent={kpis.consistency} label={`${c.kpiConsistency}: ${kpis.consistency}%`} />
      </KpiTile>
    </Tiles>
  );
}
