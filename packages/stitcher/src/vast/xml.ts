import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed XML element: text-only elements are plain strings. */
export type XmlNode = string | { [key: string]: unknown };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  removeNSPrefix: true,
  isArray: () => true,
  processEntities: true,
  htmlEntities: false,
});

export type XmlResult = { ok: true; root: Record<string, XmlNode[]> } | { ok: false; message: string };

export function parseXml(xml: string): XmlResult {
  const v = XMLValidator.validate(xml);
  if (v !== true) return { ok: false, message: `${v.err.msg} (line ${v.err.line})` };
  try {
    return { ok: true, root: parser.parse(xml) as Record<string, XmlNode[]> };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

export function kids(n: XmlNode | undefined, name: string): XmlNode[] {
  if (n === undefined || typeof n === 'string') return [];
  const v = n[name];
  return Array.isArray(v) ? (v as XmlNode[]) : [];
}

export function kid(n: XmlNode | undefined, name: string): XmlNode | undefined {
  return kids(n, name)[0];
}

export function text(n: XmlNode | undefined): string {
  if (n === undefined) return '';
  if (typeof n === 'string') return n.trim();
  const t = n['#text'];
  if (typeof t === 'string') return t.trim();
  if (Array.isArray(t)) return t.join('').trim();
  return '';
}

export function attr(n: XmlNode | undefined, name: string): string | undefined {
  if (n === undefined || typeof n === 'string') return undefined;
  const a = n['@'];
  const o = Array.isArray(a) ? (a[0] as Record<string, string> | undefined) : undefined;
  const v = o?.[name];
  return v === undefined ? undefined : String(v);
}

/** Text of each child element `name`, empty ones dropped. */
export function texts(n: XmlNode | undefined, name: string): string[] {
  const out: string[] = [];
  for (const k of kids(n, name)) {
    const t = text(k);
    if (t !== '') out.push(t);
  }
  return out;
}

export function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  return v === 'true' || v === '1';
}
