// npm run test:e2e: builds the front end when it is missing or older than its sources (failing at the end
// when that build is over its first-paint budgets), starts the embedded product on a free port with a
// throw-away data directory, runs the browser specs in e2e/ against it in Debian's Chromium
// (playwright-core), and stops the server whatever happened. The server's log is kept in
// artifacts/e2e-server.log; when a spec fails, its lines at warn or above are printed after the summary.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './testing/chromium.mjs';
import { ensureFrontEndBuilt, root, run, startProduct, warningsOf } from './testing/product-server.mjs';

// On a new installation the first account to register becomes its mentor; the suite makes that account
// itself, so the accounts the specs register are students, as in a real installation.
async function registerInstallationMentor(baseUrl) {
  const mentor = {
    displayName: 'מנטור ראשי',
    username: 'e2e_mentor',
    email: 'e2e.mentor@example.com',
    password: 'mentor-password-8',
  };
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(mentor),
  });
  if (!response.ok)
    throw new Error(
      `registering the installation's mentor failed: ${response.status} ${await response.text()}`,
    );
  return mentor;
}

async function main() {
  // Before building and starting anything: the specs launch this browser (e2e/browser.ts).
  const chromium = chromiumPath('CHROMIUM_PATH');
  const { overBudget } = await ensureFrontEndBuilt();

  const dataDir = mkdtempSync(join(tmpdir(), 'yoman-e2e-data-'));
  mkdirSync(join(root, 'artifacts'), { recursive: true });
  const serverLog = join(root, 'artifacts/e2e-server.log');
  let product;
  try {
    product = await startProduct(dataDir, { logFile: serverLog });
    const { baseUrl } = product;
    console.log(`the product is serving ${baseUrl} (data in ${dataDir})`);
    const mentor = await registerInstallationMentor(baseUrl);
    const extraArgs = process.argv.slice(2);
    const suite = await run(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'e2e/vitest.config.ts', ...extraArgs],
      {
        CHROMIUM_PATH: chromium,
        YOMAN_E2E_BASE_URL: baseUrl,
        YOMAN_E2E_MENTOR_EMAIL: mentor.email,
        YOMAN_E2E_MENTOR_PASSWORD: mentor.password,
      },
    );
    if (suite !== 0) {
      const warnings = warningsOf(serverLog);
      console.error(
        `\nthe server's log (${serverLog}) has ${warnings.length ? `these lines at warn or above (the last ${warnings.length})` : 'no line at warn or above'}:`,
      );
      for (const line of warnings) console.error(line);
    }
    if (overBudget)
      console.error('the build is over its first-paint budgets (scripts/first-paint-budget.mjs)');
    return suite !== 0 ? suite : overBudget ? 1 : 0;
  } finally {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
