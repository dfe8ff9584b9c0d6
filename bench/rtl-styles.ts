// Mirroring the app's styles for right-to-left, as a page's first render does: every declaration the app's
// styled components write (ui/src/rtl/app-declarations.ts), as rules of six, through stylis with
// stylis-plugin-rtl (the baseline), with our RTL plugin (ui/src/rtl/rtlPlugin.ts), and with no plugin (the
// floor: what left-to-right costs). Each sample is a new Node process, because most of the cost is the first
// run of CSSJanus' regular expressions, which a page pays once; the three run alternately in the same minute.
// Run: node --import tsx bench/rtl-styles.ts [samples]   (default 15; prints a table and the ratios)
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compile, type Element, type Middleware, middleware, serialize, stringify } from 'stylis';
import { declarationsInTheApp } from '../ui/src/rtl/app-declarations';
import { mayFlip, mirrorDeclaration, rtlPlugin, stylisRTLPlugin } from '../ui/src/rtl/rtlPlugin';

const PLUGINS: Record<string, Middleware[]> = {
  'stylis-plugin-rtl': [stylisRTLPlugin],
  'our rtlPlugin': [rtlPlugin],
  'no plugin (left to right)': [],
};

/**
 * The app's declarations as a stylesheet of rules of six, like a page's components: all of them, or only
 * those our plugin mirrors without CSSJanus (as on every first screen today: /auth, the calendar, the
 * dashboard, trades, analytics and setups send none to CSSJanus).
 */
function appStylesheet(corpus: string): string {
  const all = declarationsInTheApp();
  const declarations =
    corpus === 'all'
      ? all
      : all.filter((d) => compile(`.a{${d}}`).every((rule) => mirroredHere(rule.children as Element[])));
  const rules: string[] = [];
  for (let i = 0; i < declarations.length; i += 6)
    rules.push(`.c${i}{${declarations.slice(i, i + 6).join('')}}`);
  return rules.join('');
}

function mirroredHere(children: Element[]): boolean {
  return children.every(
    (child) => child.type !== 'decl' || !mayFlip(child.value) || mirrorDeclaration(child.value) !== null,
  );
}

/** One sample, in this process: milliseconds to mirror the stylesheet the first time, and the second time. */
function probe(name: string, corpus: string): { first: number; second: number; bytes: number } {
  const css = appStylesheet(corpus);
  const plugins = PLUGINS[name];
  if (!plugins) throw new Error(`no plugin named ${name}`);
  const run = () => {
    const tree = compile(css);
    const started = performance.now();
    const out = serialize(tree, middleware([...plugins, stringify]));
    return { ms: performance.now() - started, bytes: out.length };
  };
  const first = run();
  const second = run();
  return { first: first.ms, second: second.ms, bytes: first.bytes };
}

const CORPORA = ['all', 'mirrored here'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function main() {
  const probed = process.argv.indexOf('--probe');
  if (probed !== -1) {
    console.log(JSON.stringify(probe(process.argv[probed + 1] ?? '', process.argv[probed + 2] ?? 'all')));
    return;
  }
  const samples = Number(process.argv[2] ?? 15);
  const self = fileURLToPath(import.meta.url);
  for (const corpus of CORPORA) {
    const figures = new Map<string, { first: number[]; second: number[]; bytes: number }>();
    for (let i = 0; i < samples; i++) {
      for (const name of Object.keys(PLUGINS)) {
        const args = ['--import', 'tsx', self, '--probe', name, corpus];
        const out = execFileSync(process.execPath, args, { encoding: 'utf8' });
        const sample = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ReturnType<typeof probe>;
        const entry = figures.get(name) ?? { first: [], second: [], bytes: sample.bytes };
        entry.first.push(sample.first);
        entry.second.push(sample.second);
        figures.set(name, entry);
      }
    }
    const rules = appStylesheet(corpus).split('}').length - 1;
    const title =
      corpus === 'all' ? 'All the app’s declarations' : 'The declarations mirrored without CSSJanus';
    console.log(`\n${title} (${rules} rules), ${samples} new processes each, medians:`);
    const baseline = figures.get('stylis-plugin-rtl') ?? { first: [], second: [] };
    for (const [name, entry] of figures) {
      const first = median(entry.first);
      const second = median(entry.second);
      console.log(
        `  ${name.padEnd(27)} first run ${first.toFixed(1).padStart(6)} ms (${(first / median(baseline.first)).toFixed(2)}×)` +
          `  second run ${second.toFixed(1).padStart(6)} ms (${(second / median(baseline.second)).toFixed(2)}×)` +
          `  ${entry.bytes} bytes of CSS`,
      );
    }
  }
}

main();
