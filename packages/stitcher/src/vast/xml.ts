/**
 * A small XML reader for VAST and VMAP: one forward pass over the text with character tests and
 * `indexOf` (no regular-expression parsing) and no recursion (open elements live on an explicit
 * stack), so its cost is linear in the input and deep nesting cannot overflow the call stack.
 *
 * It reads elements, attributes (single or double quotes), character data, CDATA sections,
 * comments, processing instructions (the XML declaration only at the very start) and a DOCTYPE
 * before the root (skipped: its entity declarations are not expanded). Text and attribute values
 * decode the five predefined entities and numeric character references. Names keep their
 * namespace prefix as written (`vmap:AdBreak`); the accessors below match on the local name, so
 * `kids(node, 'AdBreak')` finds `<vmap:AdBreak>`, and `xmlns` declarations are not attributes.
 *
 * Malformed input is reported, never thrown: `{ ok: false, message }` with a line number.
 *
 * Compatibility notes (kept from the parser this replaces, fast-xml-parser, which a differential
 * property test keeps it agreeing with): each run of character data is trimmed on its own (of
 * what `String.prototype.trim` removes) and the runs and CDATA sections are concatenated
 * (comments do not split a run); attribute values are trimmed; an unknown named entity
 * (`&nbsp;`) is kept as written; a bare `&` (one that does not start a well-formed reference) is
 * an error in text, unless `lenient`, but kept as written in an attribute value. Each bare `&`
 * kept is reported as a warning (at most MAX_WARNINGS of them).
 */

/** An element: name as written, attributes, child elements and text content. */
export class XmlElement {
  /** Qualified name as written, prefix included (`vmap:AdBreak`). */
  declare readonly name: string;
  /** Name without its namespace prefix (`AdBreak`): what `kid`, `kids` and `attr` match on. */
  declare readonly local: string;
  /**
   * Attributes in document order, flattened in threes: the name as written (`xmlns:vmap`), its
   * local name (`''` for a namespace declaration, so it never matches), its decoded, trimmed value.
   */
  declare readonly attrs: readonly string[];
  /** Child elements in document order. */
  declare children: readonly XmlElement[];
  /** Character data runs (each trimmed, entities decoded) and CDATA sections, concatenated. */
  declare text: string;

  constructor(name: string, local: string, attrs: readonly string[]) {
    this.name = name;
    this.local = local;
    this.attrs = attrs;
    this.children = NO_CHILDREN;
    this.text = '';
  }
}

/** A parsed XML element. */
export type XmlNode = XmlElement;

export interface XmlOptions {
  /**
   * Keep a bare `&` in text as written (as in an attribute value) instead of failing: ad servers
   * write URLs with unescaped query strings (`<MediaFile>http://x/a.mp4?a=1&b=2</MediaFile>`).
   * Also skip blank lines or spaces before the XML declaration (a template's first line).
   */
  lenient?: boolean;
}

/** Something not well-formed that was read anyway. */
export interface XmlWarning {
  /** A bare `&` kept; blank lines or spaces before the XML declaration, skipped (lenient only). */
  kind: 'bare-ampersand' | 'space-before-declaration';
  message: string;
  /**
   * Where, as an XPath from the root: `/VAST/Ad[1]/InLine[1]/Impression[2]`, each step after the
   * root numbered among its same-named siblings, `/@name` for an attribute.
   */
  path: string;
  /** 1-based line. */
  line: number;
}

export type XmlResult =
  | { ok: true; root: XmlElement; warnings: XmlWarning[] }
  | {
      ok: false;
      message: string;
      /** 1-based line of the problem. */
      line: number;
    };

const NO_CHILDREN: readonly XmlElement[] = Object.freeze([]);
const NO_ATTRS: readonly string[] = Object.freeze([]);

/** Up to this many attributes, duplicates are found by a linear scan; beyond it, with a Set. */
const SMALL_ATTR_COUNT = 16;
/** Longest entity or character reference name read after `&` before giving up on it. */
const MAX_REF_LENGTH = 32;
/** Warnings listed at most for one document (the rest are dropped): each costs a path and a line. */
const MAX_WARNINGS = 100;

const LT = 60; // <
const GT = 62; // >
const SLASH = 47; // /
const BANG = 33; // !
const QUESTION = 63; // ?
const EQUALS = 61; // =
const DQUOTE = 34; // "
const SQUOTE = 39; // '
const SEMI = 59; // ;
const HASH = 35; // #
const COLON = 58; // :

function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/**
 * What `String.prototype.trim` removes: XML's whitespace and the other Unicode spaces (U+00A0,
 * U+3000, U+FEFF...). Character data runs and attribute values are trimmed of these, as the
 * parser this replaces did (and as a run cut by a comment always was).
 */
function isTrimmed(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** For ASCII: 1 = may start a name, 2 = may only continue one, 0 = neither. */
const ASCII_NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === COLON) ASCII_NAME[c] = 1;
  else if ((c >= 48 && c <= 57) || c === 45 || c === 46) ASCII_NAME[c] = 2;
}

function isNameStart(c: number): boolean {
  if (c < 0x80) return ASCII_NAME[c] === 1;
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    (c >= 0x200c && c <= 0x200d) ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

function isNameChar(c: number): boolean {
  if (c < 0x80) return ASCII_NAME[c] !== 0;
  return isNameStart(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || (c >= 0x203f && c <= 0x2040);
}

/**
 * Whether `s[p]` and `s[p + 1]` are a surrogate pair for a name character beyond the BMP
 * (U+10000 to U+EFFFF, allowed anywhere in a name): high surrogates D800-DB7F.
 */
function isAstralName(s: string, p: number): boolean {
  const c = s.charCodeAt(p);
  if (c < 0xd800 || c > 0xdb7f) return false;
  const d = s.charCodeAt(p + 1);
  return d >= 0xdc00 && d <= 0xdfff;
}

/** Code units (0, 1 or 2) of the name character at `p`; `start`: one that may start a name. */
function nameCharLength(s: string, p: number, start: boolean): number {
  const c = s.charCodeAt(p);
  if (c < 0x80) return (start ? ASCII_NAME[c] === 1 : ASCII_NAME[c] !== 0) ? 1 : 0;
  if (start ? isNameStart(c) : isNameChar(c)) return 1;
  return isAstralName(s, p) ? 2 : 0;
}

/** Index just past the XML name starting at `p` (`p` itself when there is none). */
function nameEnd(s: string, p: number, n: number): number {
  if (p >= n) return p;
  let len = nameCharLength(s, p, true);
  if (len === 0) return p;
  let k = p + len;
  while (k < n) {
    len = nameCharLength(s, k, false);
    if (len === 0) break;
    k += len;
  }
  return k;
}

/** Whether `lit` (ASCII) occurs in `s` at `p`. */
function at(s: string, p: number, lit: string): boolean {
  for (let k = 0; k < lit.length; k++) if (s.charCodeAt(p + k) !== lit.charCodeAt(k)) return false;
  return true;
}

/** A code point allowed in an XML 1.0 document. */
function isXmlChar(cp: number): boolean {
  return (
    cp === 9 ||
    cp === 10 ||
    cp === 13 ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

function predefined(name: string): string | undefined {
  switch (name) {
    case 'amp':
      return '&';
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'quot':
      return '"';
    case 'apos':
      return "'";
    default:
      return undefined;
  }
}

/**
 * Decodes entity and character references. `strict`: a `&` that does not start a well-formed
 * reference (a bare `&`), or a reference to a character XML does not allow, gives `undefined`;
 * otherwise such a `&` is kept as written. Each `&` looks at most MAX_REF_LENGTH characters
 * ahead, so the cost stays linear.
 */
function decode(t: string, strict: boolean): string | undefined {
  let amp = t.indexOf('&');
  if (amp === -1) return t;
  const n = t.length;
  let out = '';
  let last = 0;
  while (amp !== -1) {
    let k = amp + 1;
    let replacement: string | undefined;
    const limit = Math.min(n, amp + 2 + MAX_REF_LENGTH);
    if (k < n && t.charCodeAt(k) === HASH) {
      k++;
      const hex = k < n && (t.charCodeAt(k) === 120 || t.charCodeAt(k) === 88); // x X
      if (hex) k++;
      const digits = k;
      while (k < limit && (hex ? isHexDigit(t.charCodeAt(k)) : isDigit(t.charCodeAt(k)))) k++;
      if (k > digits && k < n && t.charCodeAt(k) === SEMI) {
        const cp = Number.parseInt(t.slice(digits, k), hex ? 16 : 10);
        if (isXmlChar(cp)) replacement = String.fromCodePoint(cp);
      }
    } else {
      const start = k;
      while (k < limit && isWordChar(t.charCodeAt(k))) k++;
      if (k > start && k < n && t.charCodeAt(k) === SEMI) {
        // an unknown entity name is kept as written
        replacement = predefined(t.slice(start, k)) ?? t.slice(amp, k + 1);
      }
    }
    if (replacement === undefined) {
      if (strict) return undefined;
      amp = t.indexOf('&', amp + 1);
      continue;
    }
    out += t.slice(last, amp) + replacement;
    last = k + 1;
    amp = t.indexOf('&', last);
  }
  return out + t.slice(last);
}

function lineAt(s: string, offset: number): number {
  let line = 1;
  for (let k = s.indexOf('\n'); k !== -1 && k < offset; k = s.indexOf('\n', k + 1)) line++;
  return line;
}

/**
 * Index of the first `&` at or after `from` (`s.length` if none), given `known`, the answer for an
 * earlier position. Callers ask for positions in increasing order only, so all the searches
 * together read `s` once.
 */
function nextAmp(s: string, from: number, known: number): number {
  if (known >= from) return known;
  const k = s.indexOf('&', from);
  return k === -1 ? s.length : k;
}

function fail(s: string, message: string, offset: number): XmlResult {
  const line = lineAt(s, offset);
  return { ok: false, message: `${message} (line ${line})`, line };
}

/**
 * Adds the character data `s[from, to)` (plus `pending`, text cut by comments) to `el`, trimmed
 * and decoded (`amp`: whether `s[from, to)` holds a `&`). Returns ADDED, or when it holds a bare
 * `&`: BAD_AMP if `strict`, else KEPT_AMP (the `&` kept as written).
 */
function addText(
  el: XmlElement,
  s: string,
  from: number,
  to: number,
  pending: string,
  amp: boolean,
  strict: boolean,
): number {
  let t: string;
  if (pending === '') {
    let a = from;
    while (a < to && isTrimmed(s.charCodeAt(a))) a++;
    if (a === to) return ADDED;
    let b = to;
    while (isTrimmed(s.charCodeAt(b - 1))) b--;
    t = s.slice(a, b);
    if (!amp) {
      el.text = el.text === '' ? t : el.text + t;
      return ADDED;
    }
  } else {
    t = (pending + s.slice(from, to)).trim();
    if (t === '') return ADDED;
  }
  let result = ADDED;
  let d = decode(t, true);
  if (d === undefined) {
    if (strict) return BAD_AMP;
    d = decode(t, false)!;
    result = KEPT_AMP;
  }
  el.text = el.text === '' ? d : el.text + d;
  return result;
}

const ADDED = 0;
const BAD_AMP = 1;
const KEPT_AMP = 2;

/**
 * Ends the run of character data `s[i, lt)` (its first non-whitespace character at `t`) before
 * markup, adding it to `el` (callers skip this for an empty or blank run with nothing pending).
 * Returns the updated `ampAt` (see nextAmp, never negative), or when the text holds a bare `&`:
 * -1 if `strict`, else `-2 - ampAt` (the `&` kept as written: callers warn and recover `ampAt`).
 */
function endRun(
  el: XmlElement,
  s: string,
  i: number,
  t: number,
  lt: number,
  pending: string,
  ampAt: number,
  strict: boolean,
): number {
  const amp = nextAmp(s, t, ampAt);
  const added = addText(el, s, pending === '' ? t : i, lt, pending, amp < lt, strict);
  return added === ADDED ? amp : added === BAD_AMP ? -1 : -2 - amp;
}

/** The warnings of one parse so far, and the line of offset `lineOffset` (counted once). */
interface Warnings {
  list: XmlWarning[];
  line: number;
  lineOffset: number;
}

/**
 * Adds a warning about offset `offset` of `s` (created on the first one). Warnings come in
 * document order, so counting lines from the last one keeps the cost linear.
 */
function addWarning(
  w: Warnings | undefined,
  s: string,
  message: string,
  path: string,
  offset: number,
  kind: XmlWarning['kind'] = 'bare-ampersand',
): Warnings {
  const ws = w ?? { list: [], line: 1, lineOffset: 0 };
  for (let k = s.indexOf('\n', ws.lineOffset); k !== -1 && k < offset; k = s.indexOf('\n', k + 1)) ws.line++;
  if (offset > ws.lineOffset) ws.lineOffset = offset;
  ws.list.push({ kind, message, path, line: ws.line });
  return ws;
}

/** After text of the open element (its first `&` at `amp`) kept a bare `&`. */
function warnText(
  w: Warnings | undefined,
  s: string,
  stack: readonly XmlElement[],
  amp: number,
): Warnings | undefined {
  if (w !== undefined && w.list.length >= MAX_WARNINGS) return w;
  const el = stack[stack.length - 1]!;
  return addWarning(
    w,
    s,
    `unescaped '&' in the text of <${el.name}>, kept as written`,
    stackPath(stack),
    amp,
  );
}

/**
 * The XPath of the open element `stack[stack.length - 1]` (`/VAST/Ad[1]/InLine[1]`): each open
 * element is the last child of its parent so far, so its number is the count of its parent's
 * children of the same name.
 */
function stackPath(stack: readonly XmlElement[]): string {
  if (stack.length === 0) return '';
  let path = `/${stack[0]!.name}`;
  for (let k = 1; k < stack.length; k++) {
    const name = stack[k]!.name;
    const siblings = stack[k - 1]!.children;
    let n = 0;
    for (let j = 0; j < siblings.length; j++) if (siblings[j]!.name === name) n++;
    path += `/${name}[${n}]`;
  }
  return path;
}

/** Parses one XML document. Never throws; malformed input gives `{ ok: false }`. */
export function parseXml(input: string, options: XmlOptions = {}): XmlResult {
  const strict = options.lenient !== true;
  let s = input;
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  if (s.indexOf('\r') !== -1) s = s.replace(/\r\n?/g, '\n');
  const n = s.length;

  /** Open elements, and where each one's name starts in `s`. */
  const stack: XmlElement[] = [];
  const nameAt: number[] = [];
  let cur: XmlElement | undefined;
  let curNameAt = 0;
  let root: XmlElement | undefined;
  let sawDoctype = false;
  /** Character data of the current run seen before a comment (comments do not end a run). */
  let pending = '';
  /** Index of the next `&` at or after the current position, or `n` (kept up to date lazily). */
  let ampAt = -1;
  let i = 0;

  /** Created on the first warning (no closure here: it would move `s` and `stack` off the stack). */
  let warnings: Warnings | undefined;

  // The declaration only at the very start; leniently also after blank lines or spaces.
  let decl = 0;
  if (!strict) while (decl < n && isWs(s.charCodeAt(decl))) decl++;
  if (
    at(s, decl, '<?xml') &&
    (n === decl + 5 || isWs(s.charCodeAt(decl + 5)) || s.charCodeAt(decl + 5) === QUESTION)
  ) {
    const end = s.indexOf('?>', decl + 5);
    if (end === -1) return fail(s, 'unterminated XML declaration', decl);
    i = end + 2;
    if (decl > 0) {
      const message = 'blank lines or spaces before the XML declaration, skipped';
      warnings = addWarning(warnings, s, message, '/', decl, 'space-before-declaration');
    }
  }

  while (i < n) {
    // Character data runs from i to the next '<' (lt); t is its first non-whitespace character
    // (lt when there is none). Most runs are indentation: then no search for '<' is needed.
    let t = i;
    while (t < n && isWs(s.charCodeAt(t))) t++;
    const found = t < n && s.charCodeAt(t) === LT ? t : s.indexOf('<', t);
    const lt = found === -1 ? n : found;
    if (cur === undefined && t < lt) {
      return fail(s, root === undefined ? 'text before the root element' : 'text after the root element', t);
    }
    if (found === -1) break;
    const c1 = s.charCodeAt(lt + 1);

    if (c1 === SLASH) {
      // end tag: the name must be the open element's, as written
      if (cur === undefined) return fail(s, 'end tag without a start tag', lt);
      const p0 = lt + 2;
      const len = cur.name.length;
      const same = nameCharLength(s, p0 + len, false) === 0 && s.startsWith(cur.name, p0);
      let p = same ? p0 + len : nameEnd(s, p0, n);
      const ne = p;
      while (p < n && isWs(s.charCodeAt(p))) p++;
      if (ne === p0 || s.charCodeAt(p) !== GT) return fail(s, 'malformed end tag', lt);
      if (!same) return fail(s, `expected </${cur.name}> but found </${s.slice(p0, ne)}>`, lt);
      if (lt > t || pending !== '') {
        ampAt = endRun(cur, s, i, t, lt, pending, ampAt, strict);
        if (ampAt < 0) {
          if (ampAt === -1) return fail(s, `bad '&' in the text of <${cur.name}>`, i);
          ampAt = -2 - ampAt;
          warnings = warnText(warnings, s, stack, ampAt);
        }
      }
      pending = '';
      stack.pop();
      nameAt.pop();
      if (stack.length === 0) cur = undefined;
      else {
        cur = stack[stack.length - 1];
        curNameAt = nameAt[nameAt.length - 1]!;
      }
      i = p + 1;
    } else if (c1 === BANG) {
      const c2 = s.charCodeAt(lt + 2);
      if (c2 === 45 && s.charCodeAt(lt + 3) === 45) {
        // comment
        const end = s.indexOf('-->', lt + 4);
        if (end === -1) return fail(s, 'unterminated comment', lt);
        if (cur !== undefined && lt > i) pending += s.slice(i, lt);
        i = end + 3;
      } else if (
        c2 === 91 && // [CDATA[
        s.charCodeAt(lt + 3) === 67 &&
        s.charCodeAt(lt + 4) === 68 &&
        s.charCodeAt(lt + 5) === 65 &&
        s.charCodeAt(lt + 6) === 84 &&
        s.charCodeAt(lt + 7) === 65 &&
        s.charCodeAt(lt + 8) === 91
      ) {
        if (cur === undefined) return fail(s, 'CDATA section outside the root element', lt);
        const end = s.indexOf(']]>', lt + 9);
        if (end === -1) return fail(s, 'unterminated CDATA section', lt);
        if (lt > t || pending !== '') {
          ampAt = endRun(cur, s, i, t, lt, pending, ampAt, strict);
          if (ampAt < 0) {
            if (ampAt === -1) return fail(s, `bad '&' in the text of <${cur.name}>`, i);
            ampAt = -2 - ampAt;
            warnings = warnText(warnings, s, stack, ampAt);
          }
        }
        pending = '';
        cur.text += s.slice(lt + 9, end);
        i = end + 3;
      } else if (at(s, lt + 2, 'DOCTYPE')) {
        if (root !== undefined || sawDoctype) return fail(s, 'misplaced DOCTYPE', lt);
        sawDoctype = true;
        const end = doctypeEnd(s, lt + 9, n);
        if (end === -1) return fail(s, 'unterminated DOCTYPE', lt);
        i = end + 1;
      } else {
        return fail(s, 'unexpected markup declaration', lt);
      }
    } else if (c1 === QUESTION) {
      const end = s.indexOf('?>', lt + 2);
      if (end === -1) return fail(s, 'unterminated processing instruction', lt);
      const te = nameEnd(s, lt + 2, n);
      if (te === lt + 2) return fail(s, 'processing instruction without a target', lt);
      if (te - lt - 2 === 3 && s.slice(lt + 2, te).toLowerCase() === 'xml') {
        return fail(s, 'XML declaration not at the start of the document', lt);
      }
      if (cur !== undefined) {
        if (lt > t || pending !== '') {
          ampAt = endRun(cur, s, i, t, lt, pending, ampAt, strict);
          if (ampAt < 0) {
            if (ampAt === -1) return fail(s, `bad '&' in the text of <${cur.name}>`, i);
            ampAt = -2 - ampAt;
            warnings = warnText(warnings, s, stack, ampAt);
          }
        }
        pending = '';
      }
      i = end + 2;
    } else {
      // start tag
      if (cur === undefined) {
        if (root !== undefined) return fail(s, 'more than one root element', lt);
      } else {
        // the parent's text first: `ampAt` must only move forward
        if (lt > t || pending !== '') {
          ampAt = endRun(cur, s, i, t, lt, pending, ampAt, strict);
          if (ampAt < 0) {
            if (ampAt === -1) return fail(s, `bad '&' in the text of <${cur.name}>`, i);
            ampAt = -2 - ampAt;
            warnings = warnText(warnings, s, stack, ampAt);
          }
        }
        pending = '';
      }
      const p0 = lt + 1;
      const startLength = p0 < n ? nameCharLength(s, p0, true) : 0;
      if (startLength === 0) return fail(s, 'invalid element name', lt);
      let colon = s.charCodeAt(p0) === COLON ? p0 : -1;
      let p = p0 + startLength;
      for (; p < n; p++) {
        const c = s.charCodeAt(p);
        if (c === COLON) colon = p;
        else if (!isNameChar(c)) {
          if (!isAstralName(s, p)) break;
          p++;
        }
      }
      const name = s.slice(p0, p);
      const local = colon === -1 || colon === p - 1 ? name : s.slice(colon + 1, p);
      let attrs: string[] | undefined;
      let seen: Set<string> | undefined;
      let selfClosing = false;
      /** Names and offsets of the attributes that kept a bare `&` (reported once `el` is placed). */
      let bareAmps: [string, number][] | undefined;
      for (;;) {
        const wsStart = p;
        while (p < n && isWs(s.charCodeAt(p))) p++;
        if (p >= n) return fail(s, `unclosed start tag <${name}>`, lt);
        const c = s.charCodeAt(p);
        if (c === GT) {
          p++;
          break;
        }
        if (c === SLASH) {
          if (s.charCodeAt(p + 1) !== GT) return fail(s, `stray '/' in <${name}>`, p);
          selfClosing = true;
          p += 2;
          break;
        }
        if (p === wsStart) return fail(s, `bad syntax in <${name}>: expected whitespace, '>' or '/>'`, p);
        const aStartLength = nameCharLength(s, p, true);
        if (aStartLength === 0) return fail(s, `invalid attribute name in <${name}>`, p);
        const a0 = p;
        let acolon = c === COLON ? p : -1;
        for (p += aStartLength; p < n; p++) {
          const ac = s.charCodeAt(p);
          if (ac === COLON) acolon = p;
          else if (!isNameChar(ac)) {
            if (!isAstralName(s, p)) break;
            p++;
          }
        }
        const ae = p;
        const aname = s.slice(a0, ae);
        while (p < n && isWs(s.charCodeAt(p))) p++;
        if (s.charCodeAt(p) !== EQUALS) return fail(s, `attribute ${aname} of <${name}> has no value`, p);
        p++;
        while (p < n && isWs(s.charCodeAt(p))) p++;
        const q = s.charCodeAt(p);
        if (q !== DQUOTE && q !== SQUOTE) return fail(s, `attribute ${aname} of <${name}> is not quoted`, p);
        const close = s.indexOf(q === DQUOTE ? '"' : "'", p + 1);
        if (close === -1) return fail(s, `unterminated value of attribute ${aname} in <${name}>`, p);
        let a = p + 1;
        let b = close;
        while (a < b && isTrimmed(s.charCodeAt(a))) a++;
        while (b > a && isTrimmed(s.charCodeAt(b - 1))) b--;
        ampAt = nextAmp(s, a, ampAt);
        let value = s.slice(a, b);
        if (ampAt < b) {
          const decoded = decode(value, true);
          if (decoded !== undefined) value = decoded;
          else {
            // a bare `&`, kept as written (both modes)
            value = decode(value, false)!;
            if (bareAmps === undefined) bareAmps = [];
            bareAmps.push([aname, a0]);
          }
        }
        let alocal = acolon === -1 || acolon === ae - 1 ? aname : s.slice(acolon + 1, ae);
        if (aname === 'xmlns' || (acolon !== -1 && aname.startsWith('xmlns:'))) alocal = '';
        if (attrs === undefined) attrs = [aname, alocal, value];
        else {
          if (seen === undefined && attrs.length < 3 * SMALL_ATTR_COUNT) {
            for (let k = 0; k < attrs.length; k += 3) {
              if (attrs[k] === aname) return fail(s, `attribute ${aname} repeated in <${name}>`, a0);
            }
          } else {
            if (seen === undefined) {
              seen = new Set();
              for (let k = 0; k < attrs.length; k += 3) seen.add(attrs[k]!);
            }
            if (seen.has(aname)) return fail(s, `attribute ${aname} repeated in <${name}>`, a0);
            seen.add(aname);
          }
          attrs.push(aname, alocal, value);
        }
        p = close + 1;
      }
      const el = new XmlElement(name, local, attrs ?? NO_ATTRS);
      if (cur === undefined) root = el;
      else {
        if (cur.children === NO_CHILDREN) cur.children = [el];
        else (cur.children as XmlElement[]).push(el);
      }
      if (bareAmps !== undefined && (warnings === undefined || warnings.list.length < MAX_WARNINGS)) {
        stack.push(el);
        const path = stackPath(stack);
        stack.pop();
        for (const [aname, offset] of bareAmps) {
          if (warnings !== undefined && warnings.list.length >= MAX_WARNINGS) break;
          const message = `unescaped '&' in attribute ${aname} of <${name}>, kept as written`;
          warnings = addWarning(warnings, s, message, `${path}/@${aname}`, offset);
        }
      }
      if (!selfClosing) {
        stack.push(el);
        nameAt.push(p0);
        cur = el;
        curNameAt = p0;
      }
      i = p;
    }
  }

  if (cur !== undefined) return fail(s, `unclosed element <${cur.name}>`, curNameAt - 1);
  if (root === undefined) return fail(s, 'no root element', 0);
  return { ok: true, root, warnings: warnings === undefined ? [] : warnings.list };
}

/** Index of the `>` that ends a DOCTYPE (internal subset, quotes and comments skipped), or -1. */
function doctypeEnd(s: string, from: number, n: number): number {
  let inSubset = false;
  for (let k = from; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c === DQUOTE || c === SQUOTE) {
      const close = s.indexOf(c === DQUOTE ? '"' : "'", k + 1);
      if (close === -1) return -1;
      k = close;
    } else if (c === LT && inSubset && s.startsWith('<!--', k)) {
      const close = s.indexOf('-->', k + 4);
      if (close === -1) return -1;
      k = close + 2;
    } else if (c === 91)
      inSubset = true; // [
    else if (c === 93)
      inSubset = false; // ]
    else if (c === GT && !inSubset) return k;
  }
  return -1;
}

export function kids(n: XmlNode | undefined, name: string): XmlNode[] {
  const out: XmlNode[] = [];
  if (n === undefined) return out;
  const cs = n.children;
  for (let k = 0; k < cs.length; k++) {
    const c = cs[k]!;
    if (c.local === name) out.push(c);
  }
  return out;
}

export function kid(n: XmlNode | undefined, name: string): XmlNode | undefined {
  if (n === undefined) return undefined;
  const cs = n.children;
  for (let k = 0; k < cs.length; k++) {
    const c = cs[k]!;
    if (c.local === name) return c;
  }
  return undefined;
}

export function text(n: XmlNode | undefined): string {
  return n === undefined ? '' : n.text.trim();
}

/**
 * Value of attribute `name`, matched on its local name (`offset` finds `x:offset`; namespace
 * declarations are never found); when several match, the last one wins.
 */
export function attr(n: XmlNode | undefined, name: string): string | undefined {
  if (n === undefined) return undefined;
  const a = n.attrs;
  for (let k = a.length - 2; k > 0; k -= 3) if (a[k] === name) return a[k + 1];
  return undefined;
}

/** Text of each child element `name`, empty ones dropped. */
export function texts(n: XmlNode | undefined, name: string): string[] {
  const out: string[] = [];
  if (n === undefined) return out;
  const cs = n.children;
  for (let k = 0; k < cs.length; k++) {
    const c = cs[k]!;
    if (c.local !== name) continue;
    const t = c.text.trim();
    if (t !== '') out.push(t);
  }
  return out;
}

export function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  return v === 'true' || v === '1';
}
