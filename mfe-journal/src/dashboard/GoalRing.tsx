import { formatPercent, Num } from '@yoman/ui';
import styled, { useTheme } from 'styled-components';
import { heDashboard as d } from '../i18n-analytics';
import { goalRingOf } from './dashboard-figures';

const Holder = styled.figure`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
`;

const Ring = styled.div`
  position: relative;
  display: grid;
  place-items: center;
  width: 120px;
  height: 120px;

  svg {
    position: absolute;
    inset: 0;
  }
`;

const Figure = styled(Num)`
  font-size: ${({ theme }) => theme.fontSizes.h2};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Caption = styled.figcaption<{ $onTrack: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.body};
  color: ${({ theme, $onTrack }) => ($onTrack ? theme.colors.profit : theme.colors.textMuted)};
`;

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The monthly goal ring: filled to the progress (at most full); "on track" at 100 % or more. */
export function GoalRing({ progress }: { progress: number }) {
  const theme = useTheme();
  const { share, onTrack } = goalRingOf(progress);
  const percent = formatPercent(progress);
  return (
    <Holder data-testid="goal-ring" data-on-track={onTrack}>
      <Ring>
        <svg width={120} height={120} viewBox="0 0 120 120" aria-hidden>
          <circle cx={60} cy={60} r={RADIUS} fill="none" stroke={theme.colors.border} strokeWidth={10} />
          <circle
            cx={60}
            cy={60}
            r={RADIUS}
            fill="none"
            stroke={onTrack ? theme.colors.profit : theme.colors.accent}
            strokeWidth={10}
            strokeLinecap="round"
            strokeDasharray={`${CIRCUMFERENCE * share} ${CIRCUMFERENCE}`}
            transform="rotate(-90 60 60)"
          />
        </svg>
        <Figure>{percent}</Figure>
      </Ring>
      <Caption $onTrack={onTrack}>{onTrack ? d.onTrack : d.progressNow(percent)}</Caption>
    </Holder>
  );
}
