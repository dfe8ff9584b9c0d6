import type { AssetType } from '@yoman/contracts';

/** An instrument the demo students trade, with prices and sizes of the order they had in 2026. */
export interface DemoInstrument {
  /** The symbol as typed; futures take the quarterly contract month of the trade's date (ES → ESZ6). */
  symbol: string;
  assetType: AssetType;
  price: number;
  decimals: number;
  /** Position size range (coins, shares, lots or contracts) and its decimals. */
  size: readonly [number, number];
  sizeDecimals: number;
  /** Stop distance as a fraction of the price. */
  risk: readonly [number, number];
  /** Fees per unit of size, in USD. */
  feePerUnit: number;
  /** Traded on Saturday and Sunday too. */
  weekends: boolean;
}

export const DEMO_INSTRUMENTS: readonly DemoInstrument[] = [
  crypto('BTCUSDT', 95_000, 2, [0.02, 0.4], 3, 30),
  crypto('ETHUSDT', 3_400, 2, [0.3, 6], 2, 2),
  crypto('SOLUSDT', 180, 2, [5, 80], 1, 0.08),
  stock('AAPL', 235, [20, 300]),
  stock('NVDA', 180, [20, 400]),
  stock('TSLA', 340, [10, 150]),
  stock('MSFT', 480, [10, 120]),
  stock('AMZN', 225, [20, 250]),
  forex('EURUSD', 1.16, 5),
  forex('GBPUSD', 1.33, 5),
  forex('USDJPY', 151, 3),
  forex('AUDUSD', 0.66, 5),
  future('ES', 6_750, 2, [1, 4], 4.5),
  future('NQ', 24_800, 2, [1, 3], 4.5),
  future('CL', 66, 2, [1, 5], 4.5),
  future('GC', 4_050, 1, [1, 3], 4.5),
  future('MES', 6_750, 2, [2, 15], 1.2),
];

function crypto(
  symbol: string,
  price: number,
  decimals: number,
  size: readonly [number, number],
  sizeDecimals: number,
  feePerUnit: number,
): DemoInstrument {
  return {
    symbol,
    assetType: 'crypto',
    price,
    decimals,
    size,
    sizeDecimals,
    risk: [0.004, 0.02],
    feePerUnit,
    weekends: true,
  };
}

function stock(symbol: string, price: number, size: readonly [number, number]): DemoInstrument {
  return {
    symbol,
    assetType: 'stocks',
    price,
    decimals: 2,
    size,
    sizeDecimals: 0,
    risk: [0.003, 0.015],
    feePerUnit: 0.005,
    weekends: false,
  };
}

function forex(symbol: string, price: number, decimals: number): DemoInstrument {
  return {
    symbol,
    assetType: 'forex',
    price,
    decimals,
    size: [0.1, 2],
    sizeDecimals: 2,
    risk: [0.001, 0.005],
    feePerUnit: 7,
    weekends: false,
  };
}

function future(
  root: string,
  price: number,
  decimals: number,
  size: readonly [number, number],
  feePerUnit: number,
): DemoInstrument {
  return {
    symbol: root,
    assetType: 'futures',
    price,
    decimals,
    size,
    sizeDecimals: 0,
    risk: [0.001, 0.006],
    feePerUnit,
    weekends: false,
  };
}

const QUARTER_MONTH_CODES = ['H', 'M', 'U', 'Z'] as const;

/** The front quarterly contract on a date: ES in November 2026 → ESZ6, in December after the roll → ESH7. */
export function futuresContractOf(root: string, date: Date): string {
  const month = date.getUTCMonth();
  const year = date.getUTCFullYear();
  // Index rolls a week before the third Friday of March/June/September/December; mid-month is close enough.
  const rolled = month % 3 === 2 && date.getUTCDate() > 12;
  const quarter = Math.floor(month / 3) + (rolled ? 1 : 0);
  const code = QUARTER_MONTH_CODES[quarter % 4] as string;
  const contractYear = year + (quarter >= 4 ? 1 : 0);
  return `${root}${code}${contractYear % 10}`;
}
