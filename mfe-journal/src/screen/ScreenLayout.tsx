import { Button, media, PlusIcon } from '@yoman/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A journal screen: its header and sections in one column. */
export const ScreenPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[4]};
`;

/** The screen's title and its actions, which wrap below the title on a narrow screen. */
export const ScreenHeader = styled.header<{ $align?: 'center' | 'flex-end' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: ${({ $align = 'center' }) => $align};
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};

  h1 {
    font-size: ${({ theme }) => theme.fontSizes.h2};
  }
`;

/** Cards in one column on a phone, two from `md`, `$columns` from `lg`. */
export const CardGrid = styled.div<{ $columns: number }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};

  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`;

/** The primary "new …" button of a screen or an empty state. */
export function PlusButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon size={16} />
      {children}
    </Button>
  );
}
