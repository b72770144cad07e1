/**
 * XML reader benchmark: the hand-written reader (src/vast/xml.ts) against fast-xml-parser on
 * VAST and VMAP responses, microseconds per document (median of many timed batches).
 *   npx tsx packages/stitcher/bench/xml-bench.ts
 * Before timing, each document is checked to give the same tree in both (the shape of the
 * differential property test). `runXmlBench()` returns the rows for other scripts.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { referenceParser, shapeOfReader, shapeOfReference } from '../src/vast/__tests__/xml-reference.ts';
import { parseVast } from '../src/vast/parse.ts';
import { parseXml } from '../src/vast/xml.ts';
import { measure } from './measure.ts';
import { type BenchRow, formatBenchTable } from './stitcher-bench.ts';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(join(here, '../src/vast/__fixtures__', name), 'utf8');

/**
 * A large pod as many ad servers write it: `n` ads (the 3-ad fixture's, renumbered), URLs
 * escaped with `&amp;` instead of CDATA sections.
 */
function bigPod(n: number): string {
  const pod = fixture('vast3-pod.xml');
  const ads = pod.slice(pod.indexOf('  <Ad '), pod.lastIndexOf('</VAST>'));
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<VAST version="3.0">\n'];
  for (let k = 0; k < Math.ceil(n / 3); k++) {
    out.push(
      ads
        .replace(/<!\[CDATA\[(.*?)\]\]>/g, (_, url: string) => url.replaceAll('&', '&amp;'))
        .replace(/id="pod-(\d)" sequence="\d"/g, (_, i: string) => {
          const seq = 3 * k + Number(i);
          return `id="pod-${seq}" sequence="${seq}"`;
        }),
    );
  }
  out.push('</VAST>\n');
  return out.join('');
}

export async function runXmlBench(options: { budgetMs?: number } = {}): Promise<BenchRow[]> {
  const budget = options.budgetMs ?? 1500;
  const docs: [string, string][] = [
    ['VAST 2.0 inline (vast2-inline.xml)', fixture('vast2-inline.xml')],
    ['VAST 3.0 3-ad pod (vast3-pod.xml)', fixture('vast3-pod.xml')],
    ['VAST 4.2 inline, namespaces and entities', fixture('vast4.2-inline.xml')],
    ['VAST wrapper (wrapper-outer.xml)', fixture('wrapper-outer.xml')],
    ['VMAP with inline VAST (vmap.xml)', fixture('vmap.xml')],
    ['VAST 3.0 30-ad pod, &amp;-escaped URLs', bigPod(30)],
  ];
  const big = docs[docs.length - 1]![1];
  const bigVast = parseVast(big);
  if (!bigVast.ok || bigVast.document.ads.length !== 30)
    throw new Error('the 30-ad pod did not parse to 30 ads');

  // fast-xml-parser as most code uses it: its defaults (plain objects, sibling order not kept,
  // numbers parsed), attributes read.
  const plain = new XMLParser({ ignoreAttributes: false });
  for (const [name, xml] of docs) {
    const ours = parseXml(xml);
    if (!ours.ok) throw new Error(`${name}: xml.ts failed: ${ours.message}`);
    if (!isDeepStrictEqual(shapeOfReader(ours.root), shapeOfReference(referenceParser.parse(xml)))) {
      throw new Error(`${name}: xml.ts and fast-xml-parser give different trees`);
    }
  }
  // Warm every parser on every document first, as a server is: measured one document after the
  // other, the first document with entities in text would otherwise pay for recompiling the reader.
  const warmUntil = performance.now() + Math.min(budget, 1500);
  while (performance.now() < warmUntil) {
    for (const [, xml] of docs) {
      parseXml(xml);
      referenceParser.parse(xml);
      plain.parse(xml);
      parseVast(xml);
    }
  }
  const rows: BenchRow[] = [];
  for (const [name, xml] of docs) {
    const kb = (xml.length / 1024).toFixed(1);
    const oursUs = await measure(() => parseXml(xml), budget);
    const ordered = await measure(() => referenceParser.parse(xml), budget);
    const objects = await measure(() => plain.parse(xml), budget);
    rows.push({ name: `${name}, ${kb} kB: xml.ts`, us: oursUs });
    rows.push({ name: `  fast-xml-parser, preserveOrder (same tree)`, us: ordered });
    rows.push({ name: `  fast-xml-parser, defaults + attributes`, us: objects });
    rows.push({
      name: '  fast-xml-parser preserveOrder time / xml.ts time',
      note: `${(ordered / oursUs).toFixed(1)}x`,
    });
  }

  // the whole VAST model on top of the reader, lenient (the default) and strict
  const pod = fixture('vast3-pod.xml');
  rows.push({
    name: 'parseVast, 3-ad pod, lenient',
    us: await measure(() => parseVast(pod), budget),
    reference: 18,
  });
  rows.push({
    name: 'parseVast, 3-ad pod, strict',
    us: await measure(() => parseVast(pod, { strict: true }), budget),
    reference: 18,
  });
  rows.push({ name: 'parseVast, 30-ad pod, lenient', us: await measure(() => parseVast(big), budget) });
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await runXmlBench();
  console.log(formatBenchTable(rows));
}
