import { intensityTint } from '@yoman/ui';
import styled from 'styled-components';
import { he } from '../i18n';

const Legend = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Item = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

const Swatch = styled.span<{ $background: string }>`
  width: 14px;
  height: 14px;
  border-radius: 3px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ $background }) => $background};
`;

const FlatSwatch = styled(Swatch).attrs({ $background: 'transparent' })`
  background: ${({ theme }) => theme.colors.flat};
`;

const Dot = styled.span<{ $tone: 'profit' | 'warn' }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => theme.colors[$tone]};
`;

const Scale = styled.span`
  width: 72px;
  height: 10px;
  border-radius: 5px;
  background: linear-gradient(to left, ${intensityTint('profit', 0)}, ${intensityTint('profit', 1)});
`;

/** What the colours and dots mean: loss red, no trading grey, profit green, intensity up to ±5R. */
export function CalendarLegend() {
  const c = he.calendar;
  return (
    <Legend aria-label={c.legendTitle}>
      <Item>
        <Swatch $background={intensityTint('loss', 1)} aria-hidden="true" />
        {c.legendLoss}
      </Item>
      <Item>
        <FlatSwatch aria-hidden="true" />
        {c.legendFlat}
      </Item>
      <Item>
        <Swatch $background={intensityTint('profit', 1)} aria-hidden="true" />
        {c.legendProfit}
      </Item>
      <Item>
        <Scale aria-hidden="true" />
        {c.legendIntensity}
      </Item>
      <Item>
        <Dot $tone="profit" aria-hidden="true" />
        {c.dotScreenshots}
      </Item>
      <Item>
        <Dot $tone="warn" aria-hidden="true" />
        {c.dotLowTrust}
      </Item>
    </Legend>
  );
}
