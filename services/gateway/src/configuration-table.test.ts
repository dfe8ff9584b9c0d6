import { readFileSync } from 'node:fs';
import type { VariableSpec } from '@yoman/platform';
import { describe, expect, it } from 'vitest';
import { yomanConfigVariables } from './config-variables';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The rows of the README's "## Configuration" table: variable → [default, meaning] as written. */
function configurationTable(): Map<string, [string, string]> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n')) ?? '';
  const rows = new Map<string, [string, string]>();
  for (const line of section.split('\n')) {
    const cells = /^\| `([A-Z0-9_]+)` \| (.*) \| (.*) \|$/.exec(line);
    if (cells) rows.set(cells[1] ?? '', [cells[2] ?? '', cells[3] ?? '']);
  }
  return rows;
}

/** The default cell a variable's declaration asks for: its own wording, else the default, else a dash. */
const defaultCell = (spec: VariableSpec) =>
  spec.defaultText ?? (spec.default === undefined ? '—' : `\`${spec.default}\``);

describe('the README’s configuration table', () => {
  const declared = yomanConfigVariables();
  const table = configurationTable();

  it('lists exactly the variables the platform, the gateway and the modules declare', () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(declared).sort());
  });

  it('gives each one the declared default and meaning', () => {
    for (const [name, spec] of Object.entries(declared)) {
      expect(table.get(name), name).toEqual([defaultCell(spec), spec.description]);
    }
  });
});
