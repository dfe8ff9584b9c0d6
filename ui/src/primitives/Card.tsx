import styled from 'styled-components';

/** A surface for a group of content; `$raised` lifts it one level (drawers, popovers, nested cards). */
export const Card = styled.div<{ $raised?: boolean; $padding?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 }>`
  background: ${({ theme, $raised }) => ($raised ? theme.colors.surface2 : theme.colors.surface1)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.card};
  padding: ${({ theme, $padding = 4 }) => theme.space[$padding]};
  color: ${({ theme }) => theme.colors.text};
`;

export const CardTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.body};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.text};
  margin: 0 0 ${({ theme }) => theme.space[3]};
`;
