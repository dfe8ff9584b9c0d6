// `npm run bench [-- --quick]`: see BENCHMARKS.md. Runs bench/run-bench.ts with tsx after making sure
// dependencies are installed. `npm run bench -- --rtl-styles [samples]` times the RTL plugin instead
// (bench/rtl-styles.ts).
import { ensureInstalled, run } from './ensure-installed.mjs';

ensureInstalled();
const args = process.argv.slice(2);
if (args[0] === '--rtl-styles')
  run(process.execPath, ['--import', 'tsx', 'bench/rtl-styles.ts', ...args.slice(1)]);
else run(process.execPath, ['--import', 'tsx', 'bench/run-bench.ts', ...args]);
