/**
 * fast-xml-parser as the reference for the hand-written XML reader (xml.ts), and the one shape
 * both trees are brought to for comparison: an element is its qualified name, its attributes in
 * document order (name as written, value) and its character data as xml.ts keeps it (each run of
 * character data trimmed on its own, the runs and CDATA sections concatenated, a comment not
 * ending a run). fast-xml-parser's own options give exactly that (trimValues trims a run before
 * decoding its references, as xml.ts does; comments are dropped without ending the run; CDATA
 * sections are kept apart, verbatim), so no rule of xml.ts is re-implemented here.
 *
 * Used by the differential property test and by bench/xml-bench.ts (a test-support module, not
 * part of the library: fast-xml-parser is a devDependency).
 */
import { XMLParser } from 'fast-xml-parser';
import type { XmlElement } from '../xml.ts';

export interface XmlShape {
  name: string;
  attrs: [string, string][];
  text: string;
  children: XmlShape[];
}

export function shapeOfReader(e: XmlElement): XmlShape {
  const attrs: [string, string][] = [];
  for (let k = 0; k < e.attrs.length; k += 3) attrs.push([e.attrs[k]!, e.attrs[k + 2]!]);
  return { name: e.name, attrs, text: e.text, children: e.children.map(shapeOfReader) };
}

/** The options that make fast-xml-parser's tree comparable with xml.ts's. */
export const REFERENCE_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Without it numeric character references (&#65;) are left as written. Its other effect, the
  // HTML named entities (&nbsp;), never comes into play: a well-formed document without a DTD
  // declaring them uses none.
  htmlEntities: true,
  // The default (100) refuses deeper documents; the reader has no such limit.
  maxNestedTags: 100_000,
} as const;

export const referenceParser = new XMLParser(REFERENCE_OPTIONS);

type Entry = Record<string, unknown>;

function isEntry(v: unknown): v is Entry {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function entries(v: unknown): Entry[] {
  if (!Array.isArray(v)) throw new Error(`expected a node list, got ${JSON.stringify(v)}`);
  return v.filter(isEntry);
}

function str(v: unknown): string {
  if (typeof v !== 'string') throw new Error(`expected a string, got ${JSON.stringify(v)}`);
  return v;
}

/** The element of a preserveOrder entry (its one key other than `:@`). */
function shapeOfEntry(entry: Entry): XmlShape {
  const name = Object.keys(entry).find((k) => k !== ':@');
  if (name === undefined) throw new Error(`not an element: ${JSON.stringify(entry)}`);
  const rawAttrs = entry[':@'];
  const attrs: [string, string][] = isEntry(rawAttrs)
    ? Object.entries(rawAttrs).map(([k, v]) => [k, str(v)])
    : [];
  let text = '';
  const children: XmlShape[] = [];
  for (const child of entries(entry[name])) {
    if ('#text' in child) text += str(child['#text']);
    else if ('#cdata' in child)
      text += entries(child['#cdata'])
        .map((c) => str(c['#text']))
        .join('');
    else children.push(shapeOfEntry(child));
  }
  return { name, attrs, text, children };
}

/** The root element of fast-xml-parser's preserveOrder output, in the comparable shape. */
export function shapeOfReference(parsed: unknown): XmlShape {
  const roots = entries(parsed).filter((e) => !('#text' in e));
  if (roots.length !== 1) throw new Error(`fast-xml-parser found ${roots.length} root elements`);
  return shapeOfEntry(roots[0]!);
}

export function referenceShape(xml: string): XmlShape {
  return shapeOfReference(referenceParser.parse(xml));
}
