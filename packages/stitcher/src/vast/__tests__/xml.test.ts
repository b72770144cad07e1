import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VAST_ERROR } from '../errors.ts';
import { parseVast } from '../parse.ts';
import { parseVmap } from '../vmap.ts';
import { attr, kid, kids, parseXml, text, type XmlElement } from '../xml.ts';

function root(xml: string): XmlElement {
  const r = parseXml(xml);
  if (!r.ok) throw new Error(r.message);
  return r.root;
}

function error(xml: string): string {
  const r = parseXml(xml);
  if (r.ok) throw new Error(`expected an error for ${JSON.stringify(xml.slice(0, 80))}`);
  expect(r.message).toMatch(/\(line \d+\)$/);
  return r.message;
}

describe('XML scanner: well-formed input', () => {
  it('reads elements, attributes in both quote styles, text and self-closing tags', () => {
    const r = root(`<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.2" note='say "hi"' spaced = " padded ">
  <Ad id="a1"><InLine/></Ad>
  <Ad id='a2'>
    <AdTitle>Hello world</AdTitle>
  </Ad>
</VAST>`);
    expect(r.name).toBe('VAST');
    expect(attr(r, 'version')).toBe('4.2');
    expect(attr(r, 'note')).toBe('say "hi"');
    expect(attr(r, 'spaced')).toBe('padded'); // values are trimmed, as before
    expect(attr(r, 'missing')).toBeUndefined();
    expect(kids(r, 'Ad').map((a) => attr(a, 'id'))).toEqual(['a1', 'a2']);
    expect(kid(kid(r, 'Ad'), 'InLine')?.children).toEqual([]);
    expect(text(kid(kids(r, 'Ad')[1], 'AdTitle'))).toBe('Hello world');
    expect(text(r)).toBe('');
  });

  it('keeps CDATA verbatim, including ]] and ] inside, and entities are not decoded there', () => {
    const r = root('<a><![CDATA[x]]y]z &amp; <b>]]></a>');
    expect(text(r)).toBe('x]]y]z &amp; <b>');
    expect(root('<a><![CDATA[]]></a>').text).toBe('');
  });

  it('trims each run of character data and joins runs and CDATA sections; comments do not split runs', () => {
    expect(text(root('<a> x <![CDATA[ y ]]> z </a>'))).toBe('x y z');
    expect(text(root('<a>\n  <![CDATA[https://x.example/?a=1&b=2]]>\n</a>'))).toBe(
      'https://x.example/?a=1&b=2',
    );
    expect(text(root('<a> one <!-- note --> two </a>'))).toBe('one  two');
    expect(text(root('<a>left<b/>right</a>'))).toBe('leftright');
  });

  it('skips comments, processing instructions and a DOCTYPE (internal subset included)', () => {
    const r = root(`<?xml version="1.0"?>
<!-- before -->
<!DOCTYPE VAST [ <!ENTITY x "y > z"> <!-- ] > --> ]>
<?pi data?>
<VAST version="3.0"><!-- inside --><?pi inside?><Ad/></VAST>
<!-- after -->
<?pi after?>
`);
    expect(r.name).toBe('VAST');
    expect(kids(r, 'Ad')).toHaveLength(1);
  });

  it('keeps namespace prefixes as written and matches on local names', () => {
    const r = root(
      '<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" xmlns="urn:x" version="1.0">' +
        '<vmap:AdBreak vmap:timeOffset="start" breakId="b"/></vmap:VMAP>',
    );
    expect(r.name).toBe('vmap:VMAP');
    expect(r.local).toBe('VMAP');
    const b = kid(r, 'AdBreak')!;
    expect(b.name).toBe('vmap:AdBreak');
    expect(attr(b, 'timeOffset')).toBe('start');
    expect(b.attrs).toEqual(['vmap:timeOffset', 'timeOffset', 'start', 'breakId', 'breakId', 'b']);
    // namespace declarations are not attributes
    expect(attr(r, 'vmap')).toBeUndefined();
    expect(attr(r, 'xmlns')).toBeUndefined();
  });

  it('decodes the predefined entities and character references in text and attributes', () => {
    const r = root(
      '<a t="&lt;&gt;&amp;&quot;&apos;&#65;&#x42;">&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#X1F600;</a>',
    );
    expect(attr(r, 't')).toBe(`<>&"'AB`);
    expect(text(r)).toBe(`<>&"'AB😀`);
  });

  it('keeps unknown named entities as written, and a bare & in an attribute value', () => {
    expect(text(root('<a>a&nbsp;b</a>'))).toBe('a&nbsp;b');
    expect(attr(root('<a href="https://x.example/?a=1&b=2&amp;c=3"/>'), 'href')).toBe(
      'https://x.example/?a=1&b=2&c=3',
    );
  });

  it('reads names with characters beyond the BMP (found by the differential property)', () => {
    const r = root('<𐀀a x𐀀="1" p:y="2"><p:𐀀/></𐀀a>');
    expect(r.name).toBe('𐀀a');
    expect(r.attrs).toEqual(['x𐀀', 'x𐀀', '1', 'p:y', 'y', '2']);
    expect(kid(r, '𐀀')?.name).toBe('p:𐀀');
    // U+F0000 (high surrogate DB80) is not a name character
    expect(error('<a\u{F0000}/>')).toMatch(/expected whitespace/);
    expect(error('<a></a𐀀>')).toMatch(/expected <\/a> but found <\/a𐀀>/);
  });

  it('trims runs and attribute values of Unicode spaces as String.prototype.trim does (found by the differential property)', () => {
    const r = root('<a x="\u3000v\u00a0" y=" \u2028">\u00a0t\u2003<b/>\ufeffu &#32;</a>');
    expect(attr(r, 'x')).toBe('v');
    expect(attr(r, 'y')).toBe('');
    // a reference to a space is kept: only the literal spaces around a run are trimmed
    expect(r.text).toBe('tu  ');
    // as a run cut by a comment always was
    expect(root('<a>\u00a0t<!-- c -->u\u00a0</a>').text).toBe('tu');
  });

  it('handles a byte order mark and CRLF line ends', () => {
    const r = root('\ufeff<?xml version="1.0"?>\r\n<a x="1\r\n2">\r\n<b>t\r\nu</b>\r\n</a>\r\n');
    expect(attr(r, 'x')).toBe('1\n2');
    expect(text(kid(r, 'b'))).toBe('t\nu');
  });

  it('reads deep nesting without recursion', () => {
    const depth = 100_000;
    const xml = `${'<d>'.repeat(depth)}x${'</d>'.repeat(depth)}`;
    let n: XmlElement | undefined = root(xml);
    let levels = 0;
    while (n) {
      levels++;
      if (n.children.length === 0) break;
      n = n.children[0];
    }
    expect(levels).toBe(depth);
    expect(n?.text).toBe('x');
    expect(error(`${'<d>'.repeat(depth)}${'</d>'.repeat(depth - 1)}`)).toMatch(/unclosed element <d>/);
  });
});

describe('XML scanner: lenient reading of a bare &', () => {
  it('keeps a bare & in text as written when lenient, with a warning naming the element path and line', () => {
    const xml =
      '<VAST>\n<Ad><Impression>http://x/i?a=1&b=2&amp;c=3</Impression>\n<Impression>ok</Impression>\n<Impression>fish & chips</Impression></Ad></VAST>';
    expect(error(xml)).toMatch(/bad '&' in the text of <Impression>/);
    const r = parseXml(xml, { lenient: true });
    if (!r.ok) throw new Error(r.message);
    expect(kids(kid(r.root, 'Ad'), 'Impression').map((i) => i.text)).toEqual([
      'http://x/i?a=1&b=2&c=3',
      'ok',
      'fish & chips',
    ]);
    expect(r.warnings).toEqual([
      {
        kind: 'bare-ampersand',
        message: "unescaped '&' in the text of <Impression>, kept as written",
        path: '/VAST/Ad[1]/Impression[1]',
        line: 2,
      },
      {
        kind: 'bare-ampersand',
        message: "unescaped '&' in the text of <Impression>, kept as written",
        path: '/VAST/Ad[1]/Impression[3]',
        line: 4,
      },
    ]);
  });

  it('keeps what is not a well-formed reference as written: &, &;, &#; and references to forbidden characters', () => {
    const r = parseXml('<a>&amp &; &#; &#0; &#xD800; &#x110000; &lt;</a>', { lenient: true });
    expect(r.ok && r.root.text).toBe('&amp &; &#; &#0; &#xD800; &#x110000; <');
    expect(r.ok && r.warnings.length).toBe(1);
  });

  it('reports a bare & in an attribute value (always kept as written), in both modes', () => {
    for (const options of [{}, { lenient: true }]) {
      const r = parseXml('<a><b/><b href="http://x/?a=1&b=2"/></a>', options);
      expect(r.ok && r.warnings).toEqual([
        {
          kind: 'bare-ampersand',
          message: "unescaped '&' in attribute href of <b>, kept as written",
          path: '/a/b[2]/@href',
          line: 1,
        },
      ]);
    }
    const clean = parseXml('<a href="http://x/?a=1&amp;b=2">t&amp;u</a>', { lenient: true });
    expect(clean.ok && clean.warnings).toEqual([]);
  });

  it('lists at most 100 warnings, in linear time', () => {
    const n = 100_000;
    const t0 = performance.now();
    const r = parseXml(`<a>${'<b x="&">&</b>\n'.repeat(n)}</a>`, { lenient: true });
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(r.ok && r.root.children.length).toBe(n);
    expect(r.ok && r.warnings.length).toBe(100);
    expect(r.ok && r.warnings[99]).toMatchObject({ path: '/a/b[50]', line: 50 });
  });
});

describe('XML scanner: malformed input is reported, never thrown', () => {
  it.each([
    ['empty input', '', /no root element/],
    ['whitespace only', ' \n\t ', /no root element/],
    ['a comment only', '<!-- x -->', /no root element/],
    ['mismatched end tag', '<a><b></a></b>', /expected <\/b> but found <\/a>/],
    ['mismatched prefix', '<x:a></y:a>', /expected <\/x:a>/],
    ['unclosed element', '<a><b></b>', /unclosed element <a>/],
    ['end tag without a start tag', '</a>', /end tag without a start tag/],
    ['end tag after the root', '<a></a></a>', /end tag without a start tag/],
    ['malformed end tag', '<a></a x>', /malformed end tag/],
    ['end tag cut short', '<a></a', /malformed end tag/],
    ['text before the root', 'hello <a/>', /text before the root element/],
    ['text after the root', '<a/> trailing', /text after the root element/],
    ['two roots', '<a/><b/>', /more than one root element/],
    ['invalid element name', '<1a/>', /invalid element name/],
    ['space after <', '< a/>', /invalid element name/],
    ['start tag cut short', '<a x="1"', /unclosed start tag <a>/],
    ['stray slash', '<a / >', /stray '\/'/],
    ['attribute without value', '<a x/>', /attribute x of <a> has no value/],
    ['attribute with = but no value', '<a x=/>', /attribute x of <a> is not quoted/],
    ['unquoted attribute value', '<a x=1/>', /attribute x of <a> is not quoted/],
    ['no space between attributes', '<a x="1"y="2"/>', /expected whitespace/],
    ['duplicate attribute', '<a x="1" x="2"/>', /attribute x repeated/],
    ['unterminated attribute value', '<a x="1/>', /unterminated value of attribute x/],
    ['invalid attribute name', '<a 1x="1"/>', /invalid attribute name/],
    ['unterminated comment', '<a><!-- never closed</a>', /unterminated comment/],
    ['unterminated CDATA', '<a><![CDATA[ never closed</a>', /unterminated CDATA section/],
    ['CDATA outside the root', '<![CDATA[x]]><a/>', /CDATA section outside the root element/],
    ['broken CDATA opener', '<a><![CDAT[x]]></a>', /unexpected markup declaration/],
    ['unterminated processing instruction', '<a><?pi </a>', /unterminated processing instruction/],
    ['XML declaration not first', ' <?xml version="1.0"?><a/>', /XML declaration not at the start/],
    ['XML declaration inside', '<a><?xml version="1.0"?></a>', /XML declaration not at the start/],
    ['unterminated XML declaration', '<?xml version="1.0"', /unterminated XML declaration/],
    ['DOCTYPE after the root', '<a/><!DOCTYPE a>', /misplaced DOCTYPE/],
    ['unterminated DOCTYPE', '<!DOCTYPE a [ <!ENTITY x "y"> <a/>', /unterminated DOCTYPE/],
    ['bare & in text', '<a>fish & chips</a>', /bad '&' in the text of <a>/],
    ['& without ;', '<a>&amp</a>', /bad '&'/],
    ['empty reference', '<a>&;</a>', /bad '&'/],
    ['reference to a forbidden character', '<a>&#0;</a>', /bad '&'/],
    ['reference to a surrogate', '<a>&#xD800;</a>', /bad '&'/],
    ['reference beyond Unicode', '<a>&#x110000;</a>', /bad '&'/],
  ])('%s', (_, xml, message) => {
    expect(error(xml)).toMatch(message);
  });

  it('reports the line of the problem', () => {
    const r = parseXml('<a>\n  <b>\n  </c>\n</a>');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.line).toBe(3);
  });

  it('gives VAST error 100 and VMAP error 100, not an exception', () => {
    for (const xml of ['<VAST version="3.0"><Ad>', '<VAST version="3.0" x/>', '<VAST version="3.0"/>x']) {
      const v = parseVast(xml);
      expect(!v.ok && v.issue.code).toBe(VAST_ERROR.xmlParsing);
      expect(!v.ok && v.issue.message).toMatch(/^XML parsing error: /);
      const m = parseVmap(xml);
      expect(!m.ok && m.issue.code).toBe(VAST_ERROR.xmlParsing);
    }
  });
});

describe('XML scanner: pathological input stays linear', () => {
  const fast = (f: () => void) => {
    const t0 = performance.now();
    f();
    // a quadratic scan of these inputs would take minutes
    expect(performance.now() - t0).toBeLessThan(3000);
  };

  it('many attributes (duplicates found through a set)', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => `a${i}="${i}"`).join(' ');
    fast(() => expect(attr(root(`<x ${many}/>`), 'a99999')).toBe('99999'));
    fast(() => expect(error(`<x ${many} a5="again"/>`)).toMatch(/attribute a5 repeated/));
  });

  it('unterminated markup, many ampersands and long whitespace runs', () => {
    const n = 200_000;
    fast(() => expect(error(`<a>${'<!--'.repeat(n)}</a>`)).toMatch(/unterminated comment/));
    fast(() => expect(error(`<a>${'<![CDATA['.repeat(n)}</a>`)).toMatch(/unterminated CDATA/));
    fast(() => expect(error(`<a x="${'&'.repeat(n)}`)).toMatch(/unterminated value/));
    fast(() => expect(attr(root(`<a x="${'&'.repeat(n)}"/>`), 'x')).toHaveLength(n));
    fast(() => expect(error(`<a>${'&amp'.repeat(n)}</a>`)).toMatch(/bad '&'/));
    fast(() =>
      expect(root(`<a${' '.repeat(n)}>${' '.repeat(n)}<b${' '.repeat(n)}/></a${' '.repeat(n)}>`).name).toBe(
        'a',
      ),
    );
    fast(() => expect(root(`<a>${'<b>x</b>'.repeat(n)}</a>`).children).toHaveLength(n));
    fast(() => expect(error(`<a>${'<?pi'.repeat(n)}</a>`)).toMatch(/unterminated processing instruction/));
  });
});

// Round trip: any tree written as XML (with random quoting, entities, CDATA and comments) reads back.
interface Tree {
  name: string;
  attrs: [string, string][];
  text: string;
  children: Tree[];
}

const nameArb = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,6}$/).filter((n) => !/^xml/i.test(n));
const valueArb = fc.string({
  unit: fc.constantFrom('a', 'Z', '0', ' ', '&', '<', '>', '"', "'", 'é', '😀', ']'),
});
const treeArb: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.record({
    name: fc.oneof(
      nameArb,
      nameArb.map((n) => `p:${n}`),
    ),
    attrs: fc.uniqueArray(fc.tuple(nameArb, valueArb), { maxLength: 4, selector: ([n]) => n }),
    text: valueArb,
    children: fc.oneof(
      { maxDepth: 4, depthIdentifier: 'tree' },
      fc.constant<Tree[]>([]),
      fc.array(tie('tree'), { maxLength: 3 }),
    ),
  }),
})).tree;

function escapeText(s: string, style: number): string {
  if (style === 1 && !s.includes(']]>')) return `<![CDATA[${s}]]>`;
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : `&#${c.charCodeAt(0)};`));
}

function write(t: Tree, style: number): string {
  const attrs = t.attrs
    .map(([n, v], i) => {
      const q = i % 2 === 0 ? '"' : "'";
      const esc = v.replace(/[&<"']/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`);
      return `${i % 3 === 0 ? '\n ' : ' '}${n}${style === 2 ? ' = ' : '='}${q}${esc}${q}`;
    })
    .join('');
  const body = `${escapeText(t.text, style)}${style === 2 ? '<!-- c -->' : ''}${t.children.map((c) => write(c, style)).join('')}`;
  return `<${t.name}${attrs}>${body}</${t.name}>`;
}

describe('XML scanner: round trip property', () => {
  it('reads back what is written', () => {
    fc.assert(
      fc.property(treeArb, fc.integer({ min: 0, max: 2 }), (tree, style) => {
        const r = parseXml(`<?xml version="1.0"?>\n${write(tree, style)}\n`);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const check = (t: Tree, e: XmlElement) => {
          expect(e.name).toBe(t.name);
          for (const [n, v] of t.attrs) expect(attr(e, n)).toBe(v.trim());
          // character data is trimmed, CDATA is not
          expect(e.text).toBe(style === 1 && !t.text.includes(']]>') ? t.text : t.text.trim());
          expect(e.children).toHaveLength(t.children.length);
          for (let i = 0; i < t.children.length; i++) check(t.children[i]!, e.children[i]!);
        };
        check(tree, r.root);
      }),
      { numRuns: 300 },
    );
  });
});
