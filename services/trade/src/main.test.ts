import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const SECRET = 'f'.repeat(64);

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startMain(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: unknown) => {
    output += String(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function addressOf(run: Run): Promise<string> {
  for (let waited = 0; waited < 90_000; waited += 200) {
    const match = /"address":"(http:\/\/[^"]+)"/.exec(run.output());
    if (match?.[1]) return match[1];
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the trade service did not start:\n${run.output()}`);
}

describe('the trade service process (services/trade/src/main.ts)', () => {
  it('stops with exit code 1 and one line for an unknown role', { timeout: 60_000 }, async () => {
    const run = startMain(['--role', 'gateway'], { DATA_DIR: 'memory://', INTERNAL_SECRET: SECRET });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      'Unknown role "gateway": --role must be one of all, api, projector, worker',
    );
  });

  it('stops with one line when its API would have no INTERNAL_SECRET', { timeout: 60_000 }, async () => {
    const run = startMain([], { DATA_DIR: 'memory://' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toMatch(/^Configuration error: INTERNAL_SECRET is required[^\n]*$/);
  });

  it('serves its API only to the gateway, answers the probes, and closes on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    const run = startMain(['--role', 'all'], {
      DATA_DIR: 'memory://',
      INTERNAL_SECRET: SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    try {
      const address = await addressOf(run);
      expect((await fetch(`${address}/healthz`)).status).toBe(200);
      expect((await fetch(`${address}/readyz`)).status).toBe(200);
      const direct = await fetch(`${address}/api/trades`);
      expect(direct.status).toBe(401);
      expect(await direct.json()).toMatchObject({ code: 'INTERNAL_CALLER_REQUIRED' });
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('"msg":"closing"');
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  });
});
