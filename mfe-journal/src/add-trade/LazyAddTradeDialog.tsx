import { lazyOverlay } from '../screen/lazy-overlay';
import type { AddTradeDialogProps } from './AddTradeDialog';

/**
 * The add-trade dialog of the calendar, dashboard, trades and setups screens, downloaded when first opened
 * or when the browser is idle: its form, its validation and the Radix dialog and tabs are not part of those
 * screens' first paint.
 */
export const LazyAddTradeDialog = lazyOverlay<AddTradeDialogProps>({
  load: () =>
    import(/* webpackChunkName: "add-trade-dialog" */ './AddTradeDialog').then(
      (module) => module.AddTradeDialog,
    ),
  isOpen: (props) => props.open,
  close: (props) => props.onOpenChange(false),
  name: 'טופס העסקה',
});
