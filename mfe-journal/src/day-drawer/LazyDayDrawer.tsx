import { lazyOverlay } from '../screen/lazy-overlay';
import type { DayDrawerProps } from './DayDrawer';

/** The calendar's day drawer, downloaded when a day is first opened or when the browser is idle. */
export const LazyDayDrawer = lazyOverlay<DayDrawerProps>({
  load: () => import(/* webpackChunkName: "day-drawer" */ './DayDrawer').then((module) => module.DayDrawer),
  isOpen: (props) => props.date !== null,
  close: (props) => props.onClose(),
  name: 'פרטי היום',
});
