// No dependencies: `npm start` reads this before it has installed anything.

/**
 * How `npm start` runs the compiled server, and the bench its processes: source maps for stack traces, and
 * V8's young generation held to 4 MB semi-spaces instead of 16, which under load kept about 40 MB of heap
 * committed but unused in the embedded process (BENCHMARKS.md, issue 14).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4'];
