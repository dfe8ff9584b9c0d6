import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInApp } from '../calendar/test-app';
import { emptyTradeForm, type TradeForm } from './trade-form';
import { useAutoCalculation } from './use-auto-calculation';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const calculation = {
  pnlUsd: '650.00',
  pnlIls: '2405.00',
  rMultiple: '2.0000',
  usdToIlsRate: '3.70',
  rateDate: '2026-11-29',
};

const bitcoin = (exitPrice: string): TradeForm => ({
  ...emptyTradeForm(),
  symbol: 'btcusdt',
  entryPrice: '65000',
  exitPrice,
  positionSize: '0.5',
});

/** Every P&L the hook's caller committed to the screen, in order. */
function Probe({ form, committed }: { form: TradeForm; committed: (string | null)[] }) {
  const { result } = useAutoCalculation(form, 'Asia/Jerusalem');
  useLayoutEffect(() => {
    committed.push(result?.pnlUsd ?? null);
  });
  return null;
}

/** The probe over a bitcoin trade whose exit price a button moves by 100. */
function Host({ committed }: { committed: (string | null)[] }) {
  const [exitPrice, setExitPrice] = useState('66300');
  return (
    <>
      <button type="button" onClick={() => setExitPrice('66400')}>
        move the exit
      </button>
      <Probe form={bitcoin(exitPrice)} committed={committed} />
    </>
  );
}

describe('useAutoCalculation', () => {
  it('given a calculated trade, when a price changes, then the very first committed render has no figure', async () => {
    fakeApi(({ path }) => (path === '/api/calculate-trade' ? { status: 200, body: calculation } : undefined));
    const committed: (string | null)[] = [];
    renderInApp(<Host committed={committed} />);
    await waitFor(() => expect(committed.at(-1)).toBe('650.00'), { timeout: 5000 });
    committed.length = 0;

    fireEvent.click(screen.getByRole('button', { name: 'move the exit' }));

    // A result dropped in an effect would first commit the old exit's 650.00 once more, savable meanwhile.
    expect(committed[0]).toBeNull();
  });
});
