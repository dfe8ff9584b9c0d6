import { WIN_RATE_GREEN_FROM } from '@yoman/contracts/constants';
import { Badge, CameraIcon, formatCount, formatIls, formatR, Num, WarningIcon } from '@yoman/ui';
import styled from 'styled-components';
import { averageR, type DayResult, numberOf, winRate } from '../calendar/day-figures';
import { he } from '../i18n';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
`;

const Figure = styled.div`
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.input};
  background: ${({ theme }) => theme.colors.surface1};

  dt {
    font-size: ${({ theme }) => theme.fontSizes.caption};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.h3};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

const Value = styled(Num)<{ $tone?: 'profit' | 'loss' }>`
  color: ${({ theme, $tone }) => ($tone ? theme.colors[$tone] : 'inherit')};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const toneOf = (n: number) => (n > 0 ? 'profit' : n < 0 ? 'loss' : undefined);

/** The day's headline figures and its screenshot and trust badges. */
export function DayFigures({ day }: { day: DayResult }) {
  const d = he.drawer;
  const rate = winRate(day.winningTrades, day.totalTrades);
  const avg = averageR(day.netR, day.rTrades);
  return (
    <>
      <Figures data-testid="day-figures">
        <Figure>
          <dt>{d.netR}</dt>
          <dd>
            <Value $tone={toneOf(numberOf(day.netR))} data-figure="net-r">
              {formatR(day.netR)}
            </Value>
          </dd>
        </Figure>
        <Figure>
          <dt>{d.netIls}</dt>
          <dd>
            <Value $tone={toneOf(numberOf(day.netPnlIls))} data-figure="net-ils">
              {formatIls(day.netPnlIls)}
            </Value>
          </dd>
        </Figure>
        <Figure>
          <dt>{d.trades}</dt>
          <dd>
            <Value data-figure="trades">{formatCount(day.totalTrades)}</Value>
          </dd>
        </Figure>
        <Figure>
          <dt>{d.winRate}</dt>
          <dd>
            <Value
              $tone={rate >= WIN_RATE_GREEN_FROM ? 'profit' : 'loss'}
              data-figure="win-rate"
            >{`${rate}%`}</Value>
          </dd>
        </Figure>
        <Figure>
          <dt>{d.averageR}</dt>
          <dd>
            <Value $tone={toneOf(avg)} data-figure="average-r">
              {formatR(avg)}
            </Value>
          </dd>
        </Figure>
      </Figures>
      {(day.allHaveScreenshots || day.hasLowTrust) && (
        <Badges>
          {day.allHaveScreenshots && (
            <Badge tone="profit">
              <CameraIcon size={14} />
              {d.screenshotsOk}
            </Badge>
          )}
          {day.hasLowTrust && (
            <Badge tone="warn">
              <WarningIcon size={14} />
              {d.lowTrust}
            </Badge>
          )}
        </Badges>
      )}
    </>
  );
}
