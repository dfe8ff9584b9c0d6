import styled, { useTheme } from 'styled-components';

const Svg = styled.svg`
  flex-shrink: 0;
`;

export type ConsistencyRingProps = { percent: number; label: string };

const RADIUS = 18;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring filled to the share of winning days; the figure beside it carries the same value as text. */
export function ConsistencyRing({ percent, label }: ConsistencyRingProps) {
  const theme = useTheme();
  const share = Math.min(100, Math.max(0, percent)) / 100;
  return (
    <Svg width={44} height={44} viewBox="0 0 44 44" role="img" aria-label={label}>
      <circle
        cx={22}
        cy={22}
        r={RADIUS}
        fill="none"
        stroke="currentColor"
        strokeOpacity={0.2}
        strokeWidth={5}
      />
      <circle
        data-testid="consistency-arc"
        cx={22}
        cy={22}
        r={RADIUS}
        fill="none"
        stroke={share >= 0.5 ? theme.colors.profit : theme.colors.warn}
        strokeWidth={5}
        strokeLinecap="round"
        strokeDasharray={`${CIRCUMFERENCE * share} ${CIRCUMFERENCE}`}
        transform="rotate(-90 22 22)"
      />
    </Svg>
  );
}
