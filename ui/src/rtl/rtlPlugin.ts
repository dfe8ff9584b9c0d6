import cssjanus from 'cssjanus';
import {
  COMMENT,
  DECLARATION,
  type Element,
  KEYFRAMES,
  MEDIA,
  type Middleware,
  RULESET,
  SUPPORTS,
} from 'stylis';
import stylisPluginRtl from 'stylis-plugin-rtl';

/** stylis-plugin-rtl itself, which this plugin hands unusual rules to (under Node its CommonJS build nests it once more). */
export const stylisRTLPlugin: Middleware =
  (stylisPluginRtl as unknown as { default?: Middleware }).default ?? stylisPluginRtl;

// stylis-plugin-rtl mirrors a rule by printing it whole, running CSSJanus's two dozen regular expressions over
// the text and parsing the result again, for every rule styled-components generates. Most declarations
// (display, gap, color, font-size…) can never change, and that round trip was most of the page's CSS time
// (docs/decisions.md, BENCHMARKS.md). This plugin gives the same CSS: it leaves a rule alone when none of its
// declarations could flip, mirrors the shapes the app writes itself (below), runs CSSJanus once per rule over
// any other declaration that could flip, and hands a rule CSSJanus must read whole (an edge word in the
// selector, @supports) to stylis-plugin-rtl.

/** Text CSSJanus rewrites wherever it appears in a declaration: edges, directions, resize cursors, shadows, translations. */
const FLIPS_ANYWHERE = /left|right|ltr|rtl|[ew]-resize|shadow|translate/i;
/** Properties of which CSSJanus swaps the second and fourth of exactly four values. */
const FLIPS_FOUR_VALUES = /(?:margin|padding|border-width|-color|border-style)\s*:/i;
/** border-radius, of which CSSJanus swaps the corners once there are two values or more. */
const FLIPS_CORNERS = /border-radius\s*:/i;
/** background, background-position and -x have their horizontal percentage mirrored (10% becomes 90%). */
const FLIPS_A_PERCENTAGE = /background(?:-position(?:-x)?)?\s*:/i;

/** Whether CSSJanus could change this declaration's text ("property:value;"); false only when it cannot. */
export function mayFlip(declaration: string): boolean {
  if (FLIPS_ANYWHERE.test(declaration)) return true;
  if (FLIPS_FOUR_VALUES.test(declaration) && declaration.split(/\s+/).length >= 4) return true;
  if (FLIPS_CORNERS.test(declaration) && /[\s/]/.test(declaration)) return true;
  return FLIPS_A_PERCENTAGE.test(declaration) && declaration.includes('%');
}

/**
 * A selector CSSJanus might change (it can only ever touch an edge word, and anything a property pattern
 * could match), and the characters it treats specially: such a rule goes to CSSJanus whole.
 */
const NEEDS_THE_WHOLE_RULE =
  /left|right|direction|resize|shadow|translate|radius|background|margin|padding|border|color|`|\uE000/i;
/** CSSJanus leaves alone the declaration that follows this comment. */
const NOFLIP = /^\/\*!?\s*@noflip\s*\*\/$/i;

/**
 * The declarations of a rule that CSSJanus could change, or null when the rule must go to CSSJanus whole. A
 * comment is set aside by CSSJanus before it looks at anything, so it changes nothing, except @noflip, which
 * keeps the declaration after it as written.
 */
function declarationsToMirror(rule: Element): Element[] | null {
  if (NEEDS_THE_WHOLE_RULE.test(rule.value)) return null;
  const children = rule.children as Element[];
  const found: Element[] = [];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.type === COMMENT) {
      if (!NOFLIP.test(child.value)) continue;
      const next = children[i + 1];
      if (next === undefined) continue;
      if (next.type !== DECLARATION || next.value.includes('`')) return null;
      i++;
    } else if (child.type === DECLARATION) {
      if (/[`\uE000]/.test(child.value)) return null;
      if (mayFlip(child.value)) found.push(child);
    }
  }
  return found;
}

// The shapes the app writes are mirrored here without CSSJanus, whose first run compiles its two dozen
// regular expressions (15–50 ms in Node on a 2-core server, more on a phone); anything else goes to CSSJanus.
// The tests hold each shape to CSSJanus' own output.
const UNSIGNED = '(?:[0-9]*\\.[0-9]+|[0-9]+)';
const NUMBER = `-?${UNSIGNED}`;
/** Text this file does not mirror itself: quotes and escapes, directions, cursors, radii, text shadows, … */
const LEFT_TO_CSSJANUS = /[`\\'"{}]|ltr|rtl|[ew]-resize|radius|text-shadow|background-position-x/i;
/** CSSJanus' edge word: "left" or "right" after a non-letter and before one, and not at the end of a url(…). */
const EDGE = /(^|[^a-zA-Z])(left|right)(?![a-zA-Z])(?!(?:[!#$%&*-~]|[^\u0020-\u007e])*?\s*\))/gi;
/** margin or padding with four lengths, of which CSSJanus swaps the second and the fourth. */
const FOUR_LENGTHS = new RegExp(
  `^((?:margin|padding):)(${NUMBER}(?:px|em|rem|%)?|auto)(\\s+)(${NUMBER}(?:px|em|rem|%)?|auto)(\\s+)` +
    `(${NUMBER}(?:px|em|rem|%)?|auto)(\\s+)(${NUMBER}(?:px|em|rem|%)?|auto)(\\s*(?:!important\\s*)?;)$`,
  'i',
);
/** A box-shadow, the sign of whose first offset CSSJanus flips. */
const BOX_SHADOW = new RegExp(`^(box-shadow:(?:inset\\s+)?)(${NUMBER}(?:px|em|rem)?)(\\s[^;]*;)$`, 'i');
/** A horizontal translation by one length, whose sign CSSJanus flips. */
const TRANSLATE_X = new RegExp(`^(transform:translateX\\()(${NUMBER}(?:px|em|rem|%)?)(\\);)$`, 'i');
/** What CSSJanus would change in a box-shadow's or a translation's text beside the sign of the first length. */
const MORE_THAN_A_SIGN = /left|right|shadow|translate|background|margin|padding|border|color|inherit|auto/i;
/** The first length of a background or background-position, whose horizontal percentage CSSJanus mirrors. */
const BACKGROUND_POSITION = new RegExp(
  `(background(?:-position)?\\s*:\\s*(?:[^:;}\\s]+\\s+)*?)(${UNSIGNED}(?:\\s*(?:em|ex|px|cm|mm|in|pt|pc|deg|rad|grad|ms|s|hz|khz|%)|-?(?:[_a-z]|[^\\u0020-\\u007e])(?:[_a-z0-9-]|[^\\u0020-\\u007e])*)?)`,
  'gi',
);

function flipSign(length: string): string {
  if (Number.parseFloat(length) === 0) return length;
  return length.startsWith('-') ? length.slice(1) : `-${length}`;
}

/** 10% becomes 90%, 12.5% 87.5%; a length that is not a percentage, or one inside brackets, stays. */
function mirrorPosition(match: string, before: string, length: string): string {
  if (before.split('(').length > before.split(')').length || !length.endsWith('%')) return match;
  const point = length.indexOf('.');
  const mirrored = 100 - Number.parseFloat(length);
  return before + (point === -1 ? `${mirrored}%` : `${mirrored.toFixed(length.length - point - 2)}%`);
}

/** The declaration as CSSJanus would mirror it, or null for a shape only CSSJanus itself mirrors. */
export function mirrorDeclaration(declaration: string): string | null {
  if (LEFT_TO_CSSJANUS.test(declaration)) return null;
  if (/^box-shadow:none;$/i.test(declaration)) return declaration;
  const signed = BOX_SHADOW.exec(declaration) ?? TRANSLATE_X.exec(declaration);
  if (signed) {
    const [, before, length, after] = signed;
    return MORE_THAN_A_SIGN.test(after) ? null : before + flipSign(length) + after;
  }
  if (/shadow|translate/i.test(declaration)) return null;
  if (FLIPS_FOUR_VALUES.test(declaration) && declaration.split(/\s+/).length >= 4) {
    const four = FOUR_LENGTHS.exec(declaration);
    if (!four) return null;
    const [, property, top, gap1, right, gap2, bottom, gap3, left, end] = four;
    return property + top + gap1 + left + gap2 + bottom + gap3 + right + end;
  }
  return declaration
    .replace(
      EDGE,
      (_, before: string, edge: string) => before + (edge.toLowerCase() === 'left' ? 'right' : 'left'),
    )
    .replace(BACKGROUND_POSITION, mirrorPosition);
}

/** Between the declarations of one CSSJanus run: a private-use character, like the non-ASCII text CSSJanus passes over. */
const SEPARATOR = '\uE000';

function setDeclaration(declaration: Element, text: string): void {
  if (text === declaration.value) return;
  const colon = text.indexOf(':');
  declaration.value = text;
  declaration.props = text.slice(0, colon);
  declaration.children = text.slice(colon + 1, -1);
  declaration.length = colon;
  declaration.return = '';
}

/**
 * Mirrors a rule's declarations in place: the usual shapes here, the rest in one CSSJanus run, a line each, as
 * CSSJanus mirrors them inside their rule. False, changing nothing, if CSSJanus' lines do not come back one for one.
 */
function mirrorDeclarations(declarations: Element[]): boolean {
  const mirrored = declarations.map((declaration) => mirrorDeclaration(declaration.value));
  const rest = declarations.filter((_, i) => mirrored[i] === null);
  if (rest.length > 0) {
    const flipped = cssjanus
      .transform(`a{${rest.map((declaration) => declaration.value).join(SEPARATOR)}}`)
      .slice(2, -1)
      .split(SEPARATOR);
    if (flipped.length !== rest.length) return false;
    rest.forEach((declaration, i) => {
      setDeclaration(declaration, flipped[i]);
    });
  }
  declarations.forEach((declaration, i) => {
    const text = mirrored[i];
    if (text !== null) setDeclaration(declaration, text);
  });
  return true;
}

/** The declarations of a @keyframes' steps that CSSJanus could change, or null to send it to CSSJanus whole. */
function keyframeDeclarationsToMirror(keyframes: Element): Element[] | null {
  if (NEEDS_THE_WHOLE_RULE.test(keyframes.value)) return null;
  const found: Element[] = [];
  for (const step of keyframes.children as Element[]) {
    const declarations = step.type === RULESET ? declarationsToMirror(step) : null;
    if (!declarations) return null;
    found.push(...declarations);
  }
  return found;
}

/** The rules stylis-plugin-rtl mirrors: top-level rules and those inside @media or other rules. */
function isMirroredRule(element: Element): boolean {
  return (
    element.type === RULESET &&
    (!element.parent || element.parent.type === MEDIA || element.parent.type === RULESET)
  );
}

/**
 * What this plugin mirrors of an element itself: its declarations that could flip (none: nothing to do), null to
 * hand it to stylis-plugin-rtl whole, or undefined for an element stylis-plugin-rtl leaves alone too.
 */
function declarationsOf(element: Element): Element[] | null | undefined {
  if (element.type === KEYFRAMES) return keyframeDeclarationsToMirror(element);
  if (element.type === SUPPORTS) return null;
  return isMirroredRule(element) ? declarationsToMirror(element) : undefined;
}

/** The stylis plugin that mirrors the app for right-to-left: stylis-plugin-rtl's output, without its round trip. */
export const rtlPlugin: Middleware = (element, index, children, callback) => {
  const declarations = declarationsOf(element);
  if (declarations === undefined) return undefined;
  if (declarations && (declarations.length === 0 || mirrorDeclarations(declarations))) return undefined;
  return stylisRTLPlugin(element, index, children, callback);
};
// styled-components hashes each plugin's name into its class names, and requires one.
Object.defineProperty(rtlPlugin, 'name', { value: 'yomanRtlPlugin' });
