import type { ReactNode } from 'react';
import styled from 'styled-components';

export type EmptyStateProps = {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** The one next step, usually a Button or a link styled as one. */
  action?: ReactNode;
  className?: string;
};

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[7]} ${({ theme }) => theme.space[5]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const IconHolder = styled.div`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface2};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.h3};
  color: ${({ theme }) => theme.colors.text};
`;

const Text = styled.p`
  max-width: 42ch;
`;

/** Nothing to show yet: says so and offers the one action that fixes it. */
export function EmptyState({ icon, title, text, action, className }: EmptyStateProps) {
  return (
    <Box className={className}>
      {icon !== undefined && <IconHolder aria-hidden>{icon}</IconHolder>}
      <Title>{title}</Title>
      {text !== undefined && <Text>{text}</Text>}
      {action}
    </Box>
  );
}
