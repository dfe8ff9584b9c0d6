import type { TradeCalculation } from '@yoman/contracts';
import { formatIls, formatR, formatUsd, Num, Spinner } from '@yoman/ui';
import { formatDate } from '@yoman/ui/dates';
import styled from 'styled-components';
import { he } from '../i18n';
import { FigureList } from '../screen/FigureList';

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.card};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface1};

  h3 {
    font-size: ${({ theme }) => theme.fontSizes.body};
  }
`;

const Signed = styled(Num)<{ $value: number }>`
  color: ${({ theme, $value }) => ($value < 0 ? theme.colors.loss : $value > 0 ? theme.colors.profit : 'inherit')};
`;

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled(Note)`
  color: ${({ theme }) => theme.colors.warn};
`;

export type CalculationResultProps = {
  result: TradeCalculation | null;
  calculating: boolean;
  problem: string | null;
};

/** The calculated-results box: P&L in dollars, in shekels with the rate and its date, and R. */
export function CalculationResult({ result, calculating, problem }: CalculationResultProps) {
  const a = he.addTrade;
  return (
    <Box aria-live="polite" aria-busy={calculating} data-testid="calculation-result">
      <h3>{a.resultsTitle}</h3>
      {calculating && (
        <Note>
          <Spinner size={14} /> {a.calculating}
        </Note>
      )}
      {!calculating && problem && <Problem role="status">{problem}</Problem>}
      {!calculating && !problem && !result && <Note>{a.resultsEmpty}</Note>}
      {result && (
        <>
          <FigureList $columns={3}>
            <div>
              <dt>{a.pnlUsd}</dt>
              <dd>
                <Signed $value={Number(result.pnlUsd)} data-result="pnl-usd">
                  {formatUsd(result.pnlUsd)}
                </Signed>
              </dd>
            </div>
            <div>
              <dt>{a.pnlIls}</dt>
              <dd>
                <Signed $value={Number(result.pnlIls)} data-result="pnl-ils">
                  {formatIls(result.pnlIls)}
                </Signed>
              </dd>
            </div>
            <div>
              <dt>{a.rMultiple}</dt>
              <dd>
                {result.rMultiple === null ? (
                  <Note>{a.noStopR}</Note>
                ) : (
                  <Signed $value={Number(result.rMultiple)} data-result="r-multiple">
                    {formatR(result.rMultiple)}
                  </Signed>
                )}
              </dd>
            </div>
          </FigureList>
          <Note>{a.rate(result.usdToIlsRate, formatDate(result.rateDate))}</Note>
        </>
      )}
    </Box>
  );
}
