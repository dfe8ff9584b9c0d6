import type { Trade } from '@yoman/contracts';
import { Button, errorMessageOf, useToast } from '@yoman/ui';
import { Dialog } from '@yoman/ui/overlays';
import { he } from '../i18n';
import { useDeleteTradeMutation } from '../journal-api';

export type DeleteTradeDialogProps = { trade: Trade | null; onClose: () => void };

/** Asks before deleting a trade; the server still refuses a locked one (409 TRADE_LOCKED). */
export function DeleteTradeDialog({ trade, onClose }: DeleteTradeDialogProps) {
  const t = he.trades;
  const { toast } = useToast();
  const [deleteTrade, { isLoading }] = useDeleteTradeMutation();
  const confirm = async () => {
    if (!trade) return;
    try {
      await deleteTrade(trade.id).unwrap();
      toast({ title: t.deleted, variant: 'success' });
      onClose();
    } catch (error) {
      toast({ title: t.deleteFailed, description: errorMessageOf(error), variant: 'destructive' });
    }
  };
  return (
    <Dialog
      open={trade !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t.deleteTitle}
      description={trade ? t.deleteBody(trade.symbol) : undefined}
      width={420}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {he.addTrade.cancel}
          </Button>
          <Button variant="danger" onClick={confirm} pending={isLoading}>
            {t.deleteConfirm}
          </Button>
        </>
      }
    />
  );
}
