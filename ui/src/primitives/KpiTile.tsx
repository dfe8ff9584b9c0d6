import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Num } from '../rtl/LtrRun';
import { Card } from './Card';

export type KpiTone = 'default' | 'profit' | 'loss' | 'warn';

export type KpiTileProps = {
  label: ReactNode;
  /** The formatted figure; rendered as an isolated left-to-right number. */
  value: ReactNode;
  tone?: KpiTone;
  /** A small change figure or note under the value. */
  delta?: ReactNode;
  /** An optional ring or sparkline beside the figures. */
  children?: ReactNode;
  className?: string;
};

const Tile = styled(Card)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 140px;
`;

const Figures = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const Label = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Value = styled(Num)<{ $tone: KpiTone }>`
  font-size: ${({ theme }) => theme.fontSizes.h2};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  color: ${({ theme, $tone }) => ($tone === 'default' ? theme.colors.text : theme.colors[$tone])};
  align-self: flex-start;
`;

const Delta = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One key figure: a muted label over a large tabular value, with an optional delta and ring. */
export function KpiTile({ label, value, tone = 'default', delta, children, className }: KpiTileProps) {
  return (
    <Tile className={className}>
      <Figures>
        <Label>{label}</Label>
        <Value $tone={tone}>{value}</Value>
        {delta !== undefined && <Delta>{delta}</Delta>}
      </Figures>
      {children}
    </Tile>
  );
}
