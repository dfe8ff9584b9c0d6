// No dependencies: `npm start` reads this before it has installed anything.

/**
 * How `npm start` runs the compiled server, and the deployments and the bench their processes:
 * - source maps, for stack traces that name the TypeScript;
 * - V8's young generation in 4 MB semi-spaces instead of 16, and the old generation capped at 256 MB
 *   instead of about a sixth of the machine's memory. V8 sizes its heap's growth by that cap: uncapped, the
 *   embedded process held 99 MB of heap (83 MB used, half of it garbage waiting for a major collection)
 *   after the bench's logging run; capped, 66 MB, with the same throughput (BENCHMARKS.md, issue 14). What a
 *   process keeps alive is far below the cap: about 40 MB, plus the read cache's 48 MB at most;
 * - WebAssembly compiled by V8's optimising compiler alone (`--no-liftoff`). By default V8 first compiles every
 *   function of a module with its baseline compiler, Liftoff, and then again for the hot ones; for PGlite,
 *   PostgreSQL compiled to WebAssembly, that baseline code of the whole server stays in memory. Without it the
 *   embedded process was 231–235 MB resident after the bench's saves instead of 280–315, at the same speed, and
 *   starts about a second later (BENCHMARKS.md, issue 14). Without PGlite a process has little WebAssembly
 *   to compile (undici's HTTP parser).
 */
export const SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--max-semi-space-size=4',
  '--max-old-space-size=256',
  '--no-liftoff',
];
