// What the bench's server processes tell bench/run-bench.ts over IPC.

/** The Yoman process is seeded, rebuilt and listening. */
export interface YomanReady {
  kind: 'ready';
  port: number;
  /** The bench student's session cookie (`name=value`). */
  cookie: string;
  /** The session cookies of BENCH_CLASS_STUDENTS more students (none by default). */
  classCookies: string[];
  studentTrades: number;
  /** Events in the store when the projections were rebuilt. */
  events: number;
  seedSeconds: number;
  rebuildSeconds: number;
  rebuilt: { projection: string; events: number; failures: number }[];
  /** The month the GETs read (the last full month of the student's history). */
  month: { year: number; month: number };
}

/** The baseline process is listening. */
export interface BaselineReady {
  kind: 'ready';
  port: number;
}
