import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

// A WebAssembly module of one exported function, `f`, answering 7: (func (export "f") (result i32) i32.const 7).
const MODULE_BYTES = [
  ...[0, 97, 115, 109, 1, 0, 0, 0], // "\0asm", version 1
  ...[1, 5, 1, 96, 0, 1, 127], // types: () -> i32
  ...[3, 2, 1, 0], // functions: one, of that type
  ...[7, 5, 1, 1, 102, 0, 0], // exports: "f", function 0
  ...[10, 6, 1, 4, 0, 65, 7, 11], // code: i32.const 7
];

interface Compiled {
  answer: number;
  liftoff: boolean;
  turbofan: boolean;
}

/** Which of V8's compilers compiled a WebAssembly function, in a Node started with `flags`. */
function wasmCompilerUnder(flags: readonly string[]): Compiled {
  const script = `
    const { instance } = await WebAssembly.instantiate(new Uint8Array(${JSON.stringify(MODULE_BYTES)}));
    const f = instance.exports.f;
    console.log(JSON.stringify({ answer: f(), liftoff: %IsLiftoffFunction(f), turbofan: %IsTurboFanFunction(f) }));`;
  const output = execFileSync(
    process.execPath,
    [...flags, '--allow-natives-syntax', '--input-type=module', '--eval', script],
    { encoding: 'utf8' },
  );
  return JSON.parse(output);
}

describe("the server processes' Node flags", () => {
  it('this Node accepts every flag: a process started with them runs and warns of nothing', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--eval', 'console.log("ran")'], {
      encoding: 'utf8',
    });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 0,
      stdout: 'ran\n',
      stderr: '',
    });
  });

  it("compile WebAssembly (PGlite's PostgreSQL) with the optimising compiler only, never with Liftoff first", () => {
    expect(wasmCompilerUnder(SERVER_NODE_FLAGS)).toEqual({ answer: 7, liftoff: false, turbofan: true });
    // Without the flags this Node compiles it with Liftoff: the flag is what keeps that code out of memory.
    expect(wasmCompilerUnder([])).toEqual({ answer: 7, liftoff: true, turbofan: false });
  });
});
