import styled from 'styled-components';

/** Small figures side by side (`$columns` of them a row): a muted caption over each bold value. */
export const FigureList = styled.dl<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;

  dt {
    font-size: ${({ theme }) => theme.fontSizes.caption};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;
