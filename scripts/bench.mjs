// `npm run bench [-- --quick]`: see BENCHMARKS.md. Runs bench/run-bench.ts with tsx after making sure
// dependencies are installed.
import { ensureInstalled, run } from './ensure-installed.mjs';

ensureInstalled();
run(process.execPath, ['--import', 'tsx', 'bench/run-bench.ts', ...process.argv.slice(2)]);
