import cssjanus from 'cssjanus';
import fc from 'fast-check';
import { compile, type Middleware, middleware, serialize, stringify } from 'stylis';
import stylisRTLPlugin from 'stylis-plugin-rtl';
import { describe, expect, it } from 'vitest';
import { declarationsInTheApp } from './app-declarations';
import { mayFlip, mirrorDeclaration, rtlPlugin } from './rtlPlugin';

/** The CSS styled-components would insert for `css` with the given plugin in front of stylis' own. */
function mirrored(css: string, plugin: Middleware): string {
  return serialize(compile(css), middleware([plugin, stringify]));
}

/** Both plugins' output, for the assertion that they agree. */
function bothWays(css: string): { ours: string; stylisPluginRtl: string } {
  return { ours: mirrored(css, rtlPlugin), stylisPluginRtl: mirrored(css, stylisRTLPlugin) };
}

describe('rtlPlugin mirrors a rule as stylis-plugin-rtl does', () => {
  it.each([
    ['an edge in a property', '.a{margin-left:4px;}', '.a{margin-right:4px;}'],
    ['an edge in a value', '.a{float:left;text-align:right;}', '.a{float:right;text-align:left;}'],
    ['four margins', '.a{margin:1px 2px 3px 4px;}', '.a{margin:1px 4px 3px 2px;}'],
    ['four border colours', '.a{border-color:red green blue #fff;}', '.a{border-color:red #fff blue green;}'],
    ['a radius per corner', '.a{border-radius:1px 2px 3px 4px;}', '.a{border-radius:2px 1px 4px 3px;}'],
    ['a shadow’s horizontal offset', '.a{box-shadow:2px 4px 8px #000;}', '.a{box-shadow:-2px 4px 8px #000;}'],
    ['a translation', '.a{transform:translateX(100%);}', '.a{transform:translateX(-100%);}'],
    ['a background percentage', '.a{background-position:10% 50%;}', '.a{background-position:90% 50%;}'],
    ['a resize cursor', '.a{cursor:e-resize;}', '.a{cursor:w-resize;}'],
    ['a direction', '.a{direction:ltr;}', '.a{direction:rtl;}'],
    ['inside @media', '@media (max-width:600px){.a{left:0;}}', '@media (max-width:600px){.a{right:0;}}'],
    [
      'inside @keyframes',
      '@keyframes k{from{left:0;}to{left:9px;}}',
      '@keyframes k{from{right:0;}to{right:9px;}}',
    ],
  ])('given %s, when mirrored, then both plugins write the same flipped CSS', (_, css, expected) => {
    const { ours, stylisPluginRtl } = bothWays(css);
    expect(stylisPluginRtl).toBe(expected);
    expect(ours).toBe(expected);
  });

  it.each([
    ['@noflip before a declaration', '.a{unicode-bidi:isolate;/* @noflip */ direction:ltr;left:0;}'],
    ['@noflip on a translation in @keyframes', '@keyframes k{to{/* @noflip */ transform:translateX(100%);}}'],
    ['an edge in the selector', '.a[data-side="left"]{top:0;margin-left:1px;}'],
    ['an edge inside a url', '.a{background:url(left-arrow.png) no-repeat 0 50%;}'],
    ['@supports', '@supports (display:grid){.a{padding-left:2px;}}'],
    ['a rule in a rule', '.a{color:red;.b{left:0;}&:hover{right:1px;}}'],
    [
      'a note between declarations',
      '.a{display:flex;/* an inset line on the left */box-shadow:inset 0 -1px 0 #263043;}',
    ],
    ['a direction in the selector', ".a{[dir='rtl'] &{transform:scaleX(-1);margin-left:2px;}}"],
  ])('given %s, when mirrored, then our plugin writes what stylis-plugin-rtl writes', (_, css) => {
    const { ours, stylisPluginRtl } = bothWays(css);
    expect(ours).toBe(stylisPluginRtl);
  });

  it('given a rule no declaration of which can flip, when mirrored, then CSSJanus is not run on it', () => {
    const [rule] = compile('.a{display:flex;gap:8px;color:#fff;border-radius:8px;background:#123;}');
    const children = rule.children;
    expect(rtlPlugin(rule, 0, [rule], () => '')).toBeUndefined();
    // The round trip through text would have replaced the declarations with newly parsed ones.
    expect(rule.children).toBe(children);
  });
});

describe('mayFlip', () => {
  it.each([
    'display:flex;',
    'gap:8px;',
    'color:#fff;',
    'background:#123456;',
    'background-color:#123456;',
    'border-radius:8px;',
    'font:500 14px/1.4 Heebo;',
    'transition:opacity 0.2s;',
  ])('says %s cannot change', (declaration) => {
    expect(mayFlip(declaration)).toBe(false);
    expect(mirrored(`.a{${declaration}}`, stylisRTLPlugin)).toBe(`.a{${declaration}}`);
  });
});

// Declarations as the app writes them, with the value forms CSSJanus treats specially.
const property = fc.constantFrom(
  'margin',
  'padding',
  'margin-left',
  'padding-right',
  'left',
  'right',
  'inset',
  'border',
  'border-left',
  'border-width',
  'border-color',
  'border-style',
  'border-radius',
  'border-top-left-radius',
  'box-shadow',
  'text-shadow',
  'transform',
  'background',
  'background-position',
  'background-position-x',
  'cursor',
  'direction',
  'float',
  'text-align',
  'color',
  'display',
  'gap',
  'font-size',
  'transition',
);
const length = fc.constantFrom(
  '0',
  '1px',
  '-2px',
  '4px',
  '0.5rem',
  '50%',
  '10%',
  '-12.5%',
  'auto',
  'calc(100% - 8px)',
);
const word = fc.constantFrom(
  'left',
  'right',
  'ltr',
  'rtl',
  'e-resize',
  'nw-resize',
  'solid',
  'none',
  '#fff',
  'rgba(0, 0, 0, 0.4)',
  'translateX(8px)',
  'translate(-50%, 10px)',
  'url(left.svg)',
  'linear-gradient(to left, #000 10%, #fff)',
  'linear-gradient(\n    90deg,\n    #1a2233 25%,\n    #263043 50%\n  )',
  'inset',
  'var(--x)',
);
const value = fc
  .array(fc.oneof(length, word), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(' '))
  .chain((text) => fc.constantFrom(text, `${text} !important`));
const declaration = fc
  .tuple(property, value, fc.constantFrom('', '', '', '/* @noflip */ ', '/* a note on the left */ '))
  .map(([name, text, comment]) => `${comment}${name}: ${text};`);
const selector = fc.constantFrom(
  '.a',
  '.b:hover',
  '.c > .d',
  '.e[data-side="left"]',
  '.f::before',
  '.g-right',
);
const rule = fc
  .tuple(selector, fc.array(declaration, { minLength: 1, maxLength: 6 }))
  .map(([sel, body]) => `${sel}{${body.join('')}}`);
const stylesheet = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: rule },
      { weight: 1, arbitrary: rule.map((r) => `@media (max-width: 600px){${r}}`) },
      {
        weight: 1,
        arbitrary: fc.array(declaration, { maxLength: 3 }).map((d) => `@keyframes k{to{${d.join('')}}}`),
      },
      { weight: 1, arbitrary: rule.map((r) => `.outer{color:red;${r}}`) },
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((parts) => parts.join(''));

describe('mirrorDeclaration, the shapes mirrored without CSSJanus', () => {
  it.each([
    ['margin-left:4px;', 'margin-right:4px;'],
    ['right:0;', 'left:0;'],
    ['border-left:4px solid #22c55e;', 'border-right:4px solid #22c55e;'],
    ['text-align:left;', 'text-align:right;'],
    ['transition:left 0.2s,right 0.2s;', 'transition:right 0.2s,left 0.2s;'],
    ['box-shadow:inset -3px 0 0 #22c55e;', 'box-shadow:inset 3px 0 0 #22c55e;'],
    ['box-shadow:0 1px 2px rgba(0, 0, 0, 0.4);', 'box-shadow:0 1px 2px rgba(0, 0, 0, 0.4);'],
    ['box-shadow:none;', 'box-shadow:none;'],
    ['transform:translateX(8px);', 'transform:translateX(-8px);'],
    ['transform:translateX(0);', 'transform:translateX(0);'],
    ['padding:4px 16px 4px 4px;', 'padding:4px 4px 4px 16px;'],
    ['left:calc(100% - 8px);', 'right:calc(100% - 8px);'],
    [
      'background:linear-gradient(to left, rgba(34, 197, 94, 0.1), rgba(34, 197, 94, 0.55));',
      'background:linear-gradient(to right, rgba(34, 197, 94, 0.1), rgba(34, 197, 94, 0.55));',
    ],
    [
      'background:linear-gradient(90deg, #1a2233 25%, #263043 50%);',
      'background:linear-gradient(90deg, #1a2233 25%, #263043 50%);',
    ],
    ['background-position:200% 0;', 'background-position:-100% 0;'],
    ['background-position:12.5% 0;', 'background-position:87.5% 0;'],
    ['background:url(arrow-left.svg) no-repeat 0 50%;', 'background:url(arrow-left.svg) no-repeat 0 50%;'],
  ])('given %s, when mirrored, then it is %s, as CSSJanus writes it', (declaration, expected) => {
    expect(mirrorDeclaration(declaration)).toBe(expected);
    expect(cssjanus.transform(`a{${declaration}}`)).toBe(`a{${expected}}`);
  });

  it.each([
    'margin:1px calc(2px + 1em) 3px 4px;',
    'cursor:e-resize;',
    'direction:ltr;',
    'transform:translateX(var(--x));',
  ])('given %s, when mirrored, then it is left to CSSJanus', (declaration) => {
    expect(mirrorDeclaration(declaration)).toBeNull();
  });
});

describe('rtlPlugin, property', () => {
  it('mirrors any single declaration either as CSSJanus does or not at all (leaving it to CSSJanus)', () => {
    fc.assert(
      fc.property(declaration, (css) => {
        for (const rule of compile(`.a{${css}}`)) {
          for (const child of rule.children as ReturnType<typeof compile>) {
            if (child.type !== 'decl') continue;
            const ours = mirrorDeclaration(child.value);
            if (ours !== null) expect(ours).toBe(cssjanus.transform(`a{${child.value}}`).slice(2, -1));
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the same CSS as stylis-plugin-rtl for any stylesheet of these declarations', () => {
    fc.assert(
      fc.property(stylesheet, (css) => {
        const { ours, stylisPluginRtl } = bothWays(css);
        expect(ours).toBe(stylisPluginRtl);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('rtlPlugin on the app’s own declarations', () => {
  const declarations = declarationsInTheApp();

  it('finds the app’s styles to check', () => {
    expect(declarations.length).toBeGreaterThan(500);
  });

  it('writes the same CSS as stylis-plugin-rtl for each declaration the app writes', () => {
    const differing = declarations.filter((d) => {
      const { ours, stylisPluginRtl } = bothWays(`.a{${d}}`);
      return ours !== stylisPluginRtl;
    });
    expect(differing).toEqual([]);
  });
});
