export * from './calculation/index';
export { callerProfilesProjection } from './callers/caller-profiles-projection';
export { createTradeRates, FALLBACK_SOURCE, type RateAnswer, tradeRatesFor } from './rates/trade-rates';
export { tradeConfig } from './trade-config';
export {
  defaultTradeContext,
  type TradeContext,
  type TradeContextOf,
  tradeContextOfCaller,
} from './trade-context';
export { createTradeModule } from './trade-module';
export type { TradeModuleDeps, UsdIlsRates } from './trade-module-deps';
export { tradeService } from './trade-service';
export { DEFAULT_LOCK_POLICY, type LockPolicy, lockAtOf } from './trades/lock-window';
export { LOCK_JOB, lockJobId } from './trades/trade-commands';
