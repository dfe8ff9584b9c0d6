export declare const FIRST_PAINT_BUDGETS: { auth: number; layout: number };
