import type { TradeCalculation } from '@yoman/contracts';
import { errorMessageOf, isYomanError } from '@yoman/ui';
import { useEffect, useState } from 'react';
import { useCalculateTradeMutation } from '../journal-api';
import { calculationKey, canCalculate, type TradeForm } from './trade-form';
import { calculationRequest, UNKNOWN_FUTURES_ROOT } from './trade-request';

/** Typing pauses this long before the server is asked, so one calculation runs per edit, not per key. */
export const CALCULATION_DELAY_MS = 400;

export type AutoCalculation = {
  result: TradeCalculation | null;
  calculating: boolean;
  /** The server's Hebrew reason when the figures cannot be calculated (wrong-side stop, bad symbol…). */
  problem: string | null;
  /** The server does not know this futures root: the dialog asks for a point value and sends it. */
  askPointValue: boolean;
};

type Outcome = { result: TradeCalculation | null; calculating: boolean; problem: string | null };
const IDLE: Outcome = { result: null, calculating: false, problem: null };

/**
 * Runs POST /api/calculate-trade automatically once entry, exit and size are filled, and again whenever
 * a field it depends on changes (spec §4). A changed form drops the previous result in the very render that
 * changes it, not in an effect a frame later, so a stale figure can never be shown or saved.
 */
export function useAutoCalculation(form: TradeForm, zone: string): AutoCalculation {
  const [calculate] = useCalculateTradeMutation();
  const [unknownRoot, setUnknownRoot] = useState(false);
  const askPointValue = unknownRoot && form.assetType === 'futures';
  const key = `${calculationKey(form)}|${askPointValue}|${zone}`;
  const ready = canCalculate(form);
  // An outcome belongs to the fields it was asked for; for any others there is none yet.
  const [outcome, setOutcome] = useState<Outcome & { key: string }>({ ...IDLE, key: '' });
  const current = outcome.key === key ? outcome : IDLE;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for every field the request reads.
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const timer = setTimeout(() => {
      setOutcome({ ...IDLE, calculating: true, key });
      calculate(calculationRequest(form, zone, askPointValue))
        .unwrap()
        .then((result) => {
          if (live) setOutcome({ result, calculating: false, problem: null, key });
        })
        .catch((error: unknown) => {
          // Spec §7: a failed calculation is logged; the box says why and saving stays blocked.
          console.warn('calculate-trade failed', error);
          if (!live) return;
          if (isYomanError(error) && error.code === UNKNOWN_FUTURES_ROOT) setUnknownRoot(true);
          setOutcome({ result: null, calculating: false, problem: errorMessageOf(error), key });
        });
    }, CALCULATION_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, ready]);

  return {
    result: current.result,
    calculating: current.calculating,
    problem: current.problem,
    askPointValue,
  };
}
