import type { Trade } from '@yoman/contracts';
import { DIRECTION_LABELS, TRADE_SESSION_LABELS } from '@yoman/contracts/constants';
import { formatIls, formatR, LtrRun, Num } from '@yoman/ui';
import { formatTime } from '@yoman/ui/dates';
import styled from 'styled-components';
import type { SessionBreakdown } from '../calendar/trades-by-day';
import { he } from '../i18n';
import type { DayInsights } from './day-insights';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.body};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

const Row = styled.li`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.input};
  background: ${({ theme }) => theme.colors.surface1};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.caption};
`;

const Signed = styled(Num)<{ $negative: boolean }>`
  color: ${({ theme, $negative }) => ($negative ? theme.colors.loss : theme.colors.profit)};
`;

/** Asia, London and New York: net R and trade count of the day. */
export function SessionRows({ breakdown }: { breakdown: SessionBreakdown }) {
  return (
    <Section aria-labelledby="day-sessions">
      <h3 id="day-sessions">{he.drawer.sessionsTitle}</h3>
      <Rows>
        {(Object.keys(breakdown) as (keyof SessionBreakdown)[]).map((key) => (
          <Row key={key} data-session={key}>
            <span>{he.sessionBreakdown[key]}</span>
            <span>
              <Signed $negative={breakdown[key].netR < 0}>{formatR(breakdown[key].netR)}</Signed>{' '}
              <Muted>{he.calendar.tradesCount(breakdown[key].trades)}</Muted>
            </span>
          </Row>
        ))}
      </Rows>
    </Section>
  );
}

/** The day's trades: time, symbol, direction, session, R and shekels. */
export function DayTrades({ trades, zone }: { trades: readonly Trade[]; zone: string }) {
  return (
    <Section aria-labelledby="day-trades">
      <h3 id="day-trades">{he.drawer.tradesTitle}</h3>
      <Rows data-testid="day-trades">
        {trades.map((t) => (
          <Row key={t.id} data-trade-id={t.id}>
            <span>
              <LtrRun>{t.symbol}</LtrRun>{' '}
              <Muted>
                {DIRECTION_LABELS[t.direction]} · {TRADE_SESSION_LABELS[t.session]} ·{' '}
                <Num>{formatTime(t.exitTime, zone)}</Num>
              </Muted>
            </span>
            <span>
              <Signed $negative={Number(t.rMultiple ?? 0) < 0}>{formatR(t.rMultiple)}</Signed>{' '}
              <Muted>
                <Num>{formatIls(t.pnlIls)}</Num>
              </Muted>
            </span>
          </Row>
        ))}
      </Rows>
    </Section>
  );
}

/** The automatic insights: strongest session, screenshots, total and average R. */
export function InsightList({ insights }: { insights: DayInsights }) {
  const d = he.drawer;
  const items: string[] = [];
  if (insights.strongestSession) {
    const { session, netR } = insights.strongestSession;
    items.push(d.strongestSession(he.sessionBreakdown[session], formatR(netR)));
  }
  items.push(
    insights.allHaveScreenshots ? d.allScreenshots : d.missingScreenshots(insights.tradesWithoutScreenshot),
  );
  items.push(d.totalAndAverage(formatR(insights.totalR), formatR(insights.averageR)));
  return (
    <Section aria-labelledby="day-insights">
      <h3 id="day-insights">{d.insightsTitle}</h3>
      <Rows data-testid="day-insights">
        {items.map((text) => (
          <Row key={text}>{text}</Row>
        ))}
      </Rows>
    </Section>
  );
}
