import type { AssetTypeValue, Setup, Trade } from '@yoman/contracts';
import { ASSET_TYPE_LABELS, ASSET_TYPES } from '@yoman/contracts/constants';
import { Button } from '@yoman/ui';
import { Dialog, Tabs, TabsContent, TabsList, TabsTrigger } from '@yoman/ui/overlays';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { useListSetupsQuery } from '../analytics-api';
import { he } from '../i18n';
import { useResetOnSubjectChange } from '../screen/reset-on-subject';
import { CalculationResult } from './CalculationResult';
import { ScreenshotDropZone } from './ScreenshotDropZone';
import { TradeFields } from './TradeFields';
import {
  emptyTradeForm,
  formErrors,
  REQUIRED_FIELDS,
  type TradeForm,
  type TradeFormField,
  tradeFormForDay,
} from './trade-form';
import { tradeFormOf } from './trade-request';
import { useAutoCalculation } from './use-auto-calculation';
import { useSaveTrade } from './use-save-trade';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

export type AddTradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  zone: string;
  /** Opened from a calendar day: exit on that day, entry one hour earlier. */
  prefillDate?: string;
  /** Editing a saved trade instead of adding one. */
  trade?: Trade;
  /** Opened from a setup's card: the new trade names that library setup. */
  setupId?: string;
};

function initialForm(zone: string, prefillDate?: string, trade?: Trade, setupId?: string): TradeForm {
  if (trade) return tradeFormOf(trade, zone);
  const form = prefillDate ? tradeFormForDay(prefillDate, zone) : emptyTradeForm();
  return setupId ? { ...form, setupId } : form;
}

/**
 * The library setups a trade may name: the active ones and, on a trade being edited, the one it already names
 * even if archived since (marked so), so that editing it neither hides nor drops it.
 */
export function librarySetupChoices(setups: readonly Setup[], keptSetupId: string | null) {
  return setups
    .filter((setup) => !setup.isArchived || setup.id === keptSetupId)
    .map((setup) => ({
      id: setup.id,
      name: setup.isArchived ? `${setup.name} ${he.addTrade.archivedSetup}` : setup.name,
    }));
}

/** The add-trade dialog (also the edit dialog): asset tabs, fields, automatic calculation, screenshot, save. */
export function AddTradeDialog({
  open,
  onOpenChange,
  zone,
  prefillDate,
  trade,
  setupId,
}: AddTradeDialogProps) {
  const formId = useId();
  const [form, setForm] = useState<TradeForm>(() => initialForm(zone, prefillDate, trade, setupId));
  const [touched, setTouched] = useState<ReadonlySet<TradeFormField>>(new Set());
  const [screenshot, setScreenshot] = useState<File | null>(null);
  // Opening and closing both start a fresh form (the defaults, the calendar day, or the trade being edited)
  // and a fresh save (a new idempotency key), so a saved or abandoned trade leaves nothing behind.
  const { save, saving, startOver } = useSaveTrade();
  useResetOnSubjectChange(JSON.stringify([open, prefillDate, trade?.id, setupId]), () => {
    setForm(initialForm(zone, prefillDate, trade, setupId));
    setTouched(new Set());
    setScreenshot(null);
    startOver();
  });
  const calculation = useAutoCalculation(form, zone);
  const { data: setups } = useListSetupsQuery(undefined, { skip: !open });
  const librarySetups = librarySetupChoices(setups ?? [], trade?.setupId ?? null);

  const allErrors = formErrors(form, zone);
  const shown = Object.fromEntries(
    Object.entries(allErrors).filter(([f]) => touched.has(f as TradeFormField)),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(REQUIRED_FIELDS));
    if (Object.keys(allErrors).length > 0 || saving) return;
    const saved = await save({
      form,
      calculation: calculation.result,
      zone,
      askPointValue: calculation.askPointValue,
      editing: trade,
      screenshot,
    });
    if (saved) onOpenChange(false);
  };

  const a = he.addTrade;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={trade ? a.titleEdit : a.titleNew}
      description={a.description}
      width={680}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {a.cancel}
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={saving || calculation.result === null}
            pending={saving}
            pendingLabel={a.saving}
          >
            {a.save}
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={submit}>
        <Tabs
          value={form.assetType}
          onValueChange={(v) => setForm((f) => ({ ...f, assetType: v as AssetTypeValue }))}
        >
          <TabsList aria-label={a.assetTabs}>
            {ASSET_TYPES.map((t) => (
              <TabsTrigger key={t} value={t}>
                {ASSET_TYPE_LABELS[t].label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={form.assetType}>
            <TradeFields
              form={form}
              zone={zone}
              errors={shown}
              askPointValue={calculation.askPointValue}
              librarySetups={librarySetups}
              onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
              onBlur={(field) => setTouched((t) => new Set(t).add(field))}
            />
          </TabsContent>
        </Tabs>
        <CalculationResult
          result={calculation.result}
          calculating={calculation.calculating}
          problem={calculation.problem}
        />
        <ScreenshotDropZone file={screenshot} onFile={setScreenshot} />
      </Form>
    </Dialog>
  );
}
