import type { ComponentPropsWithoutRef } from 'react';
import styled, { type DefaultTheme } from 'styled-components';
import { withAlpha } from '../theme/tokens';

export type BadgeTone = 'neutral' | 'profit' | 'loss' | 'warn' | 'accent' | 'gold' | 'violet';

export type BadgeProps = ComponentPropsWithoutRef<'span'> & { tone?: BadgeTone };

function toneColor(theme: DefaultTheme, tone: BadgeTone): string {
  switch (tone) {
    case 'neutral':
      return theme.colors.textMuted;
    case 'accent':
      return theme.colors.accentText;
    case 'violet':
      return theme.colors.violet;
    default:
      return theme.colors[tone];
  }
}

const Pill = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  padding: 2px ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.caption};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: 1.5;
  white-space: nowrap;
  color: ${({ theme, $tone }) => toneColor(theme, $tone)};
  background: ${({ theme, $tone }) => withAlpha(toneColor(theme, $tone), 0.14)};
  border: 1px solid ${({ theme, $tone }) => withAlpha(toneColor(theme, $tone), 0.35)};
`;

/** A short status word in a tone colour; pair it with text or an icon, never colour alone. */
export function Badge({ tone = 'neutral', ...rest }: BadgeProps) {
  return <Pill $tone={tone} {...rest} />;
}
