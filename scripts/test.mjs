// `npm test`: the full offline suite — type-check, lint, and every unit and API test — on a fresh machine.
// Prints one closing line `tests: N passed, N failed` that CI reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, repoRoot } from './ensure-installed.mjs';

ensureInstalled();
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);
const step = (label, command, args) => {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  console.log(
    `  ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
};

const typesOk = step('type-check (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
const lintOk = step('lint (biome)', bin('biome'), ['check', '.']);
const reportDir = mkdtempSync(join(tmpdir(), 'yoman-test-'));
const reportFile = join(reportDir, 'vitest.json');
const testsOk = step('unit and API tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...process.argv.slice(2),
]);

let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  passed = report.numPassedTests;
  // A file that failed before running any test (an import error) counts once; failed tests count themselves.
  const filesThatDidNotRun = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  failed = report.numFailedTests + filesThatDidNotRun;
} catch {
  failed += 1;
}
rmSync(reportDir, { recursive: true, force: true });
if (!typesOk) failed += 1;
if (!lintOk) failed += 1;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(typesOk && lintOk && testsOk && failed === 0 ? 0 : 1);
