/** One attribute of an HLS attribute-list (RFC 8216 section 4.2). */
export interface Attribute {
  name: string;
  /** The value without surrounding quotes when `quoted` is true. */
  value: string;
  quoted: boolean;
}

export class AttributeSyntaxError extends Error {
  override name = 'AttributeSyntaxError';
}

/**
 * Parses an attribute-list. Lenient by default (the stitcher must keep content playing);
 * `strict` throws on anything RFC 8216 does not allow (used by the syntax checker).
 */
export function parseAttributes(input: string, strict = false): Attribute[] {
  const out: Attribute[] = [];
  let i = 0;
  const n = input.length;
  while (i < n) {
    let eq = i;
    while (eq < n && input.charCodeAt(eq) !== 61 /* = */ && input.charCodeAt(eq) !== 44 /* , */) eq++;
    const name = input.slice(i, eq);
    if (strict && !/^[A-Z0-9-]+$/.test(name)) {
      throw new AttributeSyntaxError(`invalid attribute name "${name}"`);
    }
    if (eq >= n || input.charCodeAt(eq) === 44) {
      if (strict) throw new AttributeSyntaxError(`attribute "${name}" has no value`);
      if (name.trim() !== '') out.push({ name: name.trim(), value: '', quoted: false });
      i = eq + 1;
      continue;
    }
    let j = eq + 1;
    if (input.charCodeAt(j) === 34 /* " */) {
      const close = input.indexOf('"', j + 1);
      if (close < 0) {
        if (strict) throw new AttributeSyntaxError(`unterminated quoted string in "${name}"`);
        out.push({ name: name.trim(), value: input.slice(j + 1), quoted: true });
        break;
      }
      out.push({ name: strict ? name : name.trim(), value: input.slice(j + 1, close), quoted: true });
      j = close + 1;
      if (j < n && input.charCodeAt(j) !== 44) {
        if (strict) throw new AttributeSyntaxError(`unexpected characters after quoted "${name}"`);
        while (j < n && input.charCodeAt(j) !== 44) j++;
      }
    } else {
      while (j < n && input.charCodeAt(j) !== 44) j++;
      const value = input.slice(eq + 1, j);
      if (strict && (value === '' || /[\s"]/.test(value))) {
        throw new AttributeSyntaxError(`invalid value for "${name}"`);
      }
      out.push({ name: strict ? name : name.trim(), value: strict ? value : value.trim(), quoted: false });
    }
    i = j + 1;
    if (strict && j === n - 1) throw new AttributeSyntaxError('trailing comma');
  }
  if (strict) {
    const seen = new Set<string>();
    for (const a of out) {
      if (seen.has(a.name)) throw new AttributeSyntaxError(`duplicate attribute "${a.name}"`);
      seen.add(a.name);
    }
  }
  return out;
}

export function formatAttributes(attrs: readonly Attribute[]): string {
  let s = '';
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    if (i > 0) s += ',';
    s += a.quoted ? `${a.name}="${a.value}"` : `${a.name}=${a.value}`;
  }
  return s;
}

export function getAttribute(attrs: readonly Attribute[], name: string): string | undefined {
  for (const a of attrs) if (a.name === name) return a.value;
  return undefined;
}

export function setAttribute(attrs: Attribute[], name: string, value: string, quoted: boolean): void {
  for (const a of attrs) {
    if (a.name === name) {
      a.value = value;
      a.quoted = quoted;
      return;
    }
  }
  attrs.push({ name, value, quoted });
}

/** Quoted string values may not contain double quotes or line breaks (RFC 8216 4.2). */
export function quotable(value: string): string {
  return value.replace(/["\r\n]/g, '');
}
