// The journal remote's screens for the shell's routes: /calendar and /trades.
export { CalendarScreen } from './calendar/CalendarScreen';
export { TradesScreen } from './trades-list/TradesScreen';
