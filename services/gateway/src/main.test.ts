import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startMain(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function addressOf(run: Run): Promise<string> {
  for (let waited = 0; waited < 50_000; waited += 100) {
    const match = /"address":"(http:\/\/[^"]+)"/.exec(run.output());
    if (match) return match[1];
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start:\n${run.output()}`);
}

describe('npm start (services/gateway/src/main.ts)', () => {
  it('stops with exit code 1 and one line naming a bad variable', async () => {
    const run = startMain({ PORT: 'not-a-port', DATA_DIR: 'memory://' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toMatch(/^Configuration error: PORT is invalid[^\n]*$/);
  });

  it('serves the API on HOST:PORT and closes gracefully on SIGTERM', { timeout: 120_000 }, async () => {
    const run = startMain({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      FRONT_END_DIR: '/nonexistent',
    });
    try {
      const address = await addressOf(run);
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const user = await fetch(`${address}/api/user`);
      expect(user.status).toBe(401);
      const page = await fetch(`${address}/`, { headers: { accept: 'text/html' } });
      expect(await page.text()).toContain('npm run build');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('"msg":"closing"');
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  });
});
