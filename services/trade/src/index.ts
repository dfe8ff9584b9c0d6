export * from './calculation/index';
export {
  defaultTradeContext,
  type TradeContext,
  type TradeContextOf,
  tradeContextFromCaller,
} from './trade-context';
export { createTradeModule } from './trade-module';
export type { TradeModuleDeps, UsdIlsRates } from './trade-module-deps';
export { DEFAULT_LOCK_POLICY, type LockPolicy, lockAtOf } from './trades/lock-window';
export { LOCK_JOB, lockJobId } from './trades/trade-commands';
