export {
  type AssetType,
  type CalculationRates,
  calculateTrade,
  type Direction,
  type TradeCalculation,
  type TradeFigures,
} from './calculate-trade';
export { FUTURES_MONTH_CODES, FUTURES_POINT_VALUES, futuresRootOf } from './futures';
export { Money, type NumberInput } from './numbers';
export { normaliseSymbol, readForexPair } from './symbols';
