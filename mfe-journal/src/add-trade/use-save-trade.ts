import type { Trade, TradeCalculation } from '@yoman/contracts';
import { errorMessageOf, newIdempotencyKey, useToast } from '@yoman/ui';
import { useRef } from 'react';
import { he } from '../i18n';
import {
  useCreateScreenshotUploadLinkMutation,
  useSaveTradeMutation,
  useUploadScreenshotFileMutation,
} from '../journal-api';
import type { TradeForm } from './trade-form';
import { tradeSaveBody } from './trade-request';

export type SaveInput = {
  form: TradeForm;
  calculation: TradeCalculation | null;
  zone: string;
  askPointValue: boolean;
  editing?: Trade;
  screenshot: File | null;
};

/**
 * One new trade being saved, however many tries it takes: the key every try sends (so a try whose answer was
 * lost or was a 503 after the trade was stored cannot log it twice) and the screenshot already uploaded.
 */
type Attempt = { key: string; upload?: { file: File; url: string } };

/**
 * Saves the trade with the spec's toasts. A chosen screenshot is uploaded first (POST
 * /api/screenshots/upload-url, then a PUT of the image) and its URL saved with the trade. Tries of the same new
 * trade share one idempotency key and upload the screenshot once, until it is saved or `startOver` (a form
 * opened afresh) begins another.
 */
export function useSaveTrade(): {
  save: (input: SaveInput) => Promise<boolean>;
  saving: boolean;
  startOver: () => void;
} {
  const { toast } = useToast();
  const attempt = useRef<Attempt | null>(null);
  const [saveTrade, saveState] = useSaveTradeMutation();
  const [createLink, linkState] = useCreateScreenshotUploadLinkMutation();
  const [uploadFile, uploadState] = useUploadScreenshotFileMutation();
  const a = he.addTrade;

  /** The uploaded image's URL; null when the upload failed (the toast says why). */
  const uploadScreenshot = async (file: File): Promise<string | null> => {
    try {
      const link = await createLink().unwrap();
      await uploadFile({ uploadURL: link.uploadURL, file }).unwrap();
      return link.screenshotUrl;
    } catch (error) {
      toast({ title: a.screenshotUploadFailed, description: errorMessageOf(error), variant: 'destructive' });
      return null;
    }
  };

  const save = async (input: SaveInput): Promise<boolean> => {
    if (!input.calculation) {
      toast({ title: a.calcErrorTitle, description: a.calcErrorBody, variant: 'destructive' });
      return false;
    }
    if (!input.editing && !attempt.current) attempt.current = { key: newIdempotencyKey() };
    const current = input.editing ? null : attempt.current;
    let screenshotUrl: string | undefined;
    if (input.screenshot) {
      const kept = current?.upload?.file === input.screenshot ? current.upload.url : null;
      const uploaded = kept ?? (await uploadScreenshot(input.screenshot));
      if (uploaded === null) return false;
      if (current) current.upload = { file: input.screenshot, url: uploaded };
      screenshotUrl = uploaded;
    }
    const body = tradeSaveBody(input.form, input.calculation, input.zone, {
      askPointValue: input.askPointValue,
      editing: input.editing,
      screenshotUrl,
    });
    try {
      await saveTrade({ id: input.editing?.id, body, idempotencyKey: current?.key }).unwrap();
    } catch (error) {
      toast({ title: a.saveErrorTitle, description: errorMessageOf(error), variant: 'destructive' });
      return false;
    }
    attempt.current = null;
    toast({ title: a.savedTitle, description: a.savedBody, variant: 'success' });
    return true;
  };

  return {
    save,
    saving: saveState.isLoading || linkState.isLoading || uploadState.isLoading,
    startOver: () => {
      attempt.current = null;
    },
  };
}
