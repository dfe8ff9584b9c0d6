import type { Trade, TradeCalculation } from '@yoman/contracts';
import { errorMessageOf, useToast } from '@yoman/ui';
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
 * Saves the trade with the spec's toasts. A chosen screenshot is uploaded first (POST
 * /api/screenshots/upload-url, then a PUT of the image) and its URL saved with the trade.
 */
export function useSaveTrade(): { save: (input: SaveInput) => Promise<boolean>; saving: boolean } {
  const { toast } = useToast();
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
    let screenshotUrl: string | undefined;
    if (input.screenshot) {
      const uploaded = await uploadScreenshot(input.screenshot);
      if (uploaded === null) return false;
      screenshotUrl = uploaded;
    }
    const body = tradeSaveBody(input.form, input.calculation, input.zone, {
      askPointValue: input.askPointValue,
      editing: input.editing,
      screenshotUrl,
    });
    try {
      await saveTrade({ id: input.editing?.id, body }).unwrap();
    } catch (error) {
      toast({ title: a.saveErrorTitle, description: errorMessageOf(error), variant: 'destructive' });
      return false;
    }
    toast({ title: a.savedTitle, description: a.savedBody, variant: 'success' });
    return true;
  };

  return { save, saving: saveState.isLoading || linkState.isLoading || uploadState.isLoading };
}
