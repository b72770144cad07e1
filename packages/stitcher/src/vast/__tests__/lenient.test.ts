import { describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures.ts';
import { VAST_ERROR } from '../errors.ts';
import { parseVast, type VastDocument, type VastParseOptions } from '../parse.ts';
import { resolveVast, type VastFetch } from '../resolve.ts';
import { trackingFromResolvedAd } from '../to-plan.ts';
import { parseVmap } from '../vmap.ts';

// What real ad servers send that the VAST schema does not allow: accepted by default (lenient
// parsing, for serving) with a warning naming the deviation and where it is; refused by
// `{ strict: true }` as before.

const xml = (name: string) => fixture(import.meta.url, name);

const MEDIA_FILE =
  '<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://cdn.example.com/a.mp4</MediaFile>';

/** A VAST 3.0 response with one inline ad; each part can be replaced. */
function inline(
  parts: { impression?: string; duration?: string; mediaFiles?: string; tracking?: string } = {},
): string {
  const impression = parts.impression ?? '<Impression>https://ads.example.com/imp</Impression>';
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0">
  <Ad id="a1">
    <InLine>
      <AdSystem>Acme</AdSystem>
      <AdTitle>T</AdTitle>
      ${impression}
      <Creatives>
        <Creative id="c1">
          <Linear>
            <Duration>${parts.duration ?? '00:00:15'}</Duration>
            <TrackingEvents>${parts.tracking ?? ''}</TrackingEvents>
            <MediaFiles>${parts.mediaFiles ?? MEDIA_FILE}</MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;
}

function lenientDoc(text: string, options?: VastParseOptions) {
  const r = parseVast(text, options);
  if (!r.ok) throw new Error(`expected a document, got ${r.issue.code}: ${r.issue.message}`);
  expect(r.issues).toEqual([]);
  return r;
}

const linearOf = (d: VastDocument) => d.ads[0]!.creatives[0]!.linear!;

describe('lenient VAST parsing (the default)', () => {
  it('keeps an inline ad without <Impression>, with a warning', () => {
    const r = lenientDoc(inline({ impression: '' }));
    expect(r.document.ads).toHaveLength(1);
    expect(r.document.ads[0]!.impressions).toEqual([]);
    expect(r.warnings).toEqual([
      {
        deviation: 'missing-impression',
        code: VAST_ERROR.schemaValidation,
        message: '<InLine> has no <Impression>: the ad is kept, with no impression URL',
        path: '/VAST/Ad[1]/InLine[1]',
        depth: 0,
      },
    ]);

    const strict = parseVast(inline({ impression: '' }), { strict: true });
    expect(strict.ok && strict.document.ads).toEqual([]);
    expect(strict.ok && strict.issues.map((i) => [i.code, i.message])).toEqual([
      [VAST_ERROR.schemaValidation, '<InLine> has no <Impression>'],
    ]);
  });

  it.each([
    ['30', 30],
    ['30.5', 30.5],
    [' 15 ', 15],
  ])('reads a <Duration> of plain seconds (%j), with a warning', (value, seconds) => {
    const r = lenientDoc(inline({ duration: value }));
    expect(linearOf(r.document).duration).toBe(seconds);
    expect(r.warnings).toEqual([
      {
        deviation: 'duration-in-seconds',
        code: VAST_ERROR.unexpectedDuration,
        message: `<Duration> "${value.trim()}" is in seconds, not HH:MM:SS(.mmm): read as ${seconds} s`,
        path: '/VAST/Ad[1]/InLine[1]/Creatives[1]/Creative[1]/Linear[1]/Duration[1]',
        depth: 0,
      },
    ]);

    const strict = parseVast(inline({ duration: value }), { strict: true });
    expect(strict.ok && strict.issues.map((i) => i.code)).toEqual([VAST_ERROR.unexpectedDuration]);
    expect(strict.ok && strict.document.ads).toEqual([]);
  });

  it('still refuses a <Duration> that is not a number of seconds either', () => {
    for (const value of ['', 'soon', '-5', '1e3', '30s', '00:00']) {
      const r = parseVast(inline({ duration: value }));
      expect(r.ok && r.issues.map((i) => i.code)).toEqual([VAST_ERROR.unexpectedDuration]);
    }
  });

  it('follows a VAST 2 wrapper with the legacy <VASTAdTagURL>, with a warning', () => {
    const legacy =
      '<VAST version="2.0"><Ad><Wrapper><AdSystem>X</AdSystem><VASTAdTagURL>https://x.example/v</VASTAdTagURL></Wrapper></Ad></VAST>';
    const plain = lenientDoc(legacy);
    expect(plain.document.ads[0]!.wrapper).toEqual({
      adTagUri: 'https://x.example/v',
      followAdditionalWrappers: true,
      allowMultipleAds: false,
      fallbackOnNoAd: false,
    });
    expect(plain.warnings).toEqual([
      {
        deviation: 'legacy-ad-tag-url',
        code: VAST_ERROR.schemaValidation,
        message: '<Wrapper> has the VAST 1 <VASTAdTagURL> instead of <VASTAdTagURI>',
        path: '/VAST/Ad[1]/Wrapper[1]/VASTAdTagURL[1]',
        depth: 0,
      },
    ]);

    const r = lenientDoc(xml('lenient-wrapper.xml'));
    expect(r.document.ads[0]!.wrapper?.adTagUri).toBe('https://ads.example.com/vast/loose');
    // the impression URL of this wrapper has an unescaped '&' too (found first, reading the XML)
    expect(r.warnings.map((w) => [w.deviation, w.code, w.path])).toEqual([
      ['unescaped-ampersand', VAST_ERROR.xmlParsing, '/VAST/Ad[1]/Wrapper[1]/Impression[1]'],
      ['legacy-ad-tag-url', VAST_ERROR.schemaValidation, '/VAST/Ad[1]/Wrapper[1]/VASTAdTagURL[1]'],
    ]);

    // the VAST 1 form, the URL in a <URL> child
    const nested = lenientDoc(
      '<VAST version="2.0"><Ad><Wrapper><AdSystem>X</AdSystem><VASTAdTagURL><URL><![CDATA[https://x.example/v]]></URL></VASTAdTagURL></Wrapper></Ad></VAST>',
    );
    expect(nested.document.ads[0]!.wrapper?.adTagUri).toBe('https://x.example/v');
    expect(nested.warnings.map((w) => w.deviation)).toEqual(['legacy-ad-tag-url']);

    const strict = parseVast(xml('lenient-wrapper.xml'), { strict: true });
    expect(strict.ok).toBe(false); // the unescaped '&' alone fails the document
    const strictUri = parseVast(legacy, { strict: true });
    expect(strictUri.ok && strictUri.issues.map((i) => [i.code, i.message])).toEqual([
      [VAST_ERROR.schemaValidation, '<Wrapper> has no <VASTAdTagURI>'],
    ]);
  });

  it('keeps an unescaped & in a media file or tracking URL as written, with a warning and its line', () => {
    const text = inline({
      mediaFiles:
        '\n<MediaFile delivery="progressive" type="video/mp4" width="1" height="1">http://x/a.mp4?a=1&b=2</MediaFile>',
      tracking: '\n<Tracking event="start">http://t.example/s?x=1&y=2&amp;z=3</Tracking>',
    });
    const r = lenientDoc(text);
    const linear = linearOf(r.document);
    expect(linear.mediaFiles.map((m) => m.uri)).toEqual(['http://x/a.mp4?a=1&b=2']);
    // well-formed references around a bare '&' are still decoded
    expect(linear.trackingEvents).toEqual([{ event: 'start', uri: 'http://t.example/s?x=1&y=2&z=3' }]);
    const linePath = '/VAST/Ad[1]/InLine[1]/Creatives[1]/Creative[1]/Linear[1]';
    expect(r.warnings).toEqual([
      {
        deviation: 'unescaped-ampersand',
        code: VAST_ERROR.xmlParsing,
        message: "unescaped '&' in the text of <Tracking>, kept as written",
        path: `${linePath}/TrackingEvents[1]/Tracking[1]`,
        line: 13,
        depth: 0,
      },
      {
        deviation: 'unescaped-ampersand',
        code: VAST_ERROR.xmlParsing,
        message: "unescaped '&' in the text of <MediaFile>, kept as written",
        path: `${linePath}/MediaFiles[1]/MediaFile[1]`,
        line: 15,
        depth: 0,
      },
    ]);

    const strict = parseVast(text, { strict: true });
    expect(!strict.ok && strict.issue.code).toBe(VAST_ERROR.xmlParsing);
    expect(!strict.ok && strict.issue.message).toMatch(/bad '&' in the text of <Tracking>/);
  });

  it('reads URLs in a CDATA section with whitespace around it, in both modes, without a warning', () => {
    const text = inline({
      impression:
        '<Impression>\n        <![CDATA[https://ads.example.com/imp?a=1&b=2]]>\n      </Impression>',
      mediaFiles:
        '\n<MediaFile delivery="progressive" type="video/mp4" width="1" height="1">\n  <![CDATA[http://x/a.mp4?a=1&b=2]]>\n</MediaFile>',
      tracking: '<Tracking event="start">\t<![CDATA[ http://t.example/s?x=1&y=2 ]]>\r\n</Tracking>',
    });
    for (const options of [{}, { strict: true }]) {
      const r = lenientDoc(text, options);
      expect(r.warnings).toEqual([]);
      expect(r.document.ads[0]!.impressions).toEqual(['https://ads.example.com/imp?a=1&b=2']);
      expect(linearOf(r.document).mediaFiles.map((m) => m.uri)).toEqual(['http://x/a.mp4?a=1&b=2']);
      expect(linearOf(r.document).trackingEvents.map((t) => t.uri)).toEqual(['http://t.example/s?x=1&y=2']);
    }
  });

  it('reads a response with all of these at once, one warning each', () => {
    const r = lenientDoc(xml('lenient-inline.xml'));
    const inlinePath = '/VAST/Ad[1]/InLine[1]';
    const linearPath = `${inlinePath}/Creatives[1]/Creative[1]/Linear[1]`;
    const ad = r.document.ads[0]!;
    expect(ad.errorUrls).toEqual(['http://ads.example.com/err?ad=loose&code=[ERRORCODE]']);
    expect(linearOf(r.document).duration).toBe(30.5);
    expect(linearOf(r.document).mediaFiles.map((m) => m.uri)).toEqual([
      'http://cdn.example.com/loose.mp4?a=1&b=2',
      'http://cdn.example.com/loose/master.m3u8',
    ]);
    expect(linearOf(r.document).trackingEvents.map((t) => t.uri)).toEqual([
      'http://ads.example.com/t?ad=loose&e=start',
      'http://ads.example.com/t?ad=loose&e=complete',
    ]);
    expect(r.warnings.map((w) => [w.deviation, w.path, w.line])).toEqual([
      ['unescaped-ampersand', `${inlinePath}/Error[1]`, 7],
      ['unescaped-ampersand', `${linearPath}/TrackingEvents[1]/Tracking[1]`, 13],
      ['unescaped-ampersand', `${linearPath}/MediaFiles[1]/MediaFile[1]`, 19],
      ['duration-in-seconds', `${linearPath}/Duration[1]`, undefined],
      ['missing-impression', inlinePath, undefined],
    ]);
  });

  it('resolves a legacy wrapper chain, with the warnings of each response, its depth and URL', async () => {
    const fetch: VastFetch = async (url) => {
      if (url === 'https://ads.example.com/vast/loose') return xml('lenient-inline.xml');
      return { status: 404, body: '' };
    };
    const r = await resolveVast({ xml: xml('lenient-wrapper.xml') }, { fetch });
    expect(r.issues).toEqual([]);
    expect(r.ads).toHaveLength(1);
    expect(r.ads[0]!.duration).toBe(30.5);
    expect(r.ads[0]!.impressions).toEqual(['https://exchange.example.com/imp?a=1&b=2']);
    expect(r.warnings.map((w) => [w.deviation, w.depth, w.source])).toEqual([
      ['unescaped-ampersand', 0, undefined],
      ['legacy-ad-tag-url', 0, undefined],
      ['unescaped-ampersand', 1, 'https://ads.example.com/vast/loose'],
      ['unescaped-ampersand', 1, 'https://ads.example.com/vast/loose'],
      ['unescaped-ampersand', 1, 'https://ads.example.com/vast/loose'],
      ['duration-in-seconds', 1, 'https://ads.example.com/vast/loose'],
      ['missing-impression', 1, 'https://ads.example.com/vast/loose'],
    ]);

    const strict = await resolveVast({ xml: xml('lenient-wrapper.xml') }, { fetch, strict: true });
    expect(strict.ads).toEqual([]);
    expect(strict.warnings).toEqual([]);
    expect(strict.issues.map((i) => i.code)).toEqual([VAST_ERROR.xmlParsing]);
  });

  it('applies to the inline VAST of a VMAP, with the path from the VMAP root', () => {
    const vmap = `<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
  <vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre">
    <vmap:AdSource><vmap:VASTAdData>${inline({ duration: '10', impression: '' }).replace(/^<\?xml[^>]*>/, '')}</vmap:VASTAdData></vmap:AdSource>
  </vmap:AdBreak>
</vmap:VMAP>`;
    const r = parseVmap(vmap);
    expect(r.ok && r.issues).toEqual([]);
    const source = r.ok ? r.document.breaks[0]!.adSource : undefined;
    expect(source?.kind === 'vast' && source.document.ads[0]!.creatives[0]!.linear!.duration).toBe(10);
    const at = '/vmap:VMAP/vmap:AdBreak[1]/vmap:AdSource[1]/vmap:VASTAdData[1]/VAST[1]/Ad[1]/InLine[1]';
    expect(r.ok && r.warnings.map((w) => [w.deviation, w.path])).toEqual([
      ['duration-in-seconds', `${at}/Creatives[1]/Creative[1]/Linear[1]/Duration[1]`],
      ['missing-impression', at],
    ]);
    const strict = parseVmap(vmap, { strict: true });
    expect(strict.ok && strict.issues.map((i) => i.code)).toEqual([VAST_ERROR.unexpectedDuration]);
  });
});

describe('lenient VAST parsing: case, a missing title, blank lines first', () => {
  const linearPath = '/VAST/Ad[1]/InLine[1]/Creatives[1]/Creative[1]/Linear[1]';

  it('reads <MEDIAFILE>, event="START" and a response without <AdTitle> after blank lines, one warning each', () => {
    const r = lenientDoc(xml('lenient-case.xml'));
    const ad = r.document.ads[0]!;
    expect(ad.adTitle).toBe('');
    expect(linearOf(r.document).mediaFiles.map((m) => [m.uri, m.delivery, m.width])).toEqual([
      ['https://cdn.example.org/shouty/master.m3u8', 'streaming', 1280],
    ]);
    // VAST's own names in another case are read as VAST's; a name VAST does not have stays as written.
    expect(linearOf(r.document).trackingEvents.map((t) => t.event)).toEqual([
      'start',
      'firstQuartile',
      'complete',
      'Rewound',
    ]);
    const tracking = `${linearPath}/TrackingEvents[1]/Tracking`;
    expect(r.warnings.map((w) => [w.deviation, w.code, w.path, w.line])).toEqual([
      ['space-before-declaration', VAST_ERROR.xmlParsing, '/', 3],
      ['element-name-case', VAST_ERROR.schemaValidation, `${linearPath}/MEDIAFILES[1]`, undefined],
      [
        'element-name-case',
        VAST_ERROR.schemaValidation,
        `${linearPath}/MEDIAFILES[1]/MEDIAFILE[1]`,
        undefined,
      ],
      ['tracking-event-case', VAST_ERROR.schemaValidation, `${tracking}[1]`, undefined],
      ['tracking-event-case', VAST_ERROR.schemaValidation, `${tracking}[2]`, undefined],
      ['tracking-event-case', VAST_ERROR.schemaValidation, `${tracking}[3]`, undefined],
      ['missing-ad-title', VAST_ERROR.schemaValidation, '/VAST/Ad[1]/InLine[1]', undefined],
    ]);
    expect(r.warnings[3]!.message).toBe('<Tracking> event "START" is not in VAST\'s case: read as "start"');
  });

  it('sends start and complete of an ad whose events are in upper case', async () => {
    const r = await resolveVast({ xml: xml('lenient-case.xml') }, { fetch: async () => '' });
    expect(r.issues).toEqual([]);
    expect(trackingFromResolvedAd(r.ads[0]!)).toMatchObject({
      impression: ['https://ads.example.org/imp?ad=shouty'],
      start: ['https://ads.example.org/t?e=start'],
      firstQuartile: ['https://ads.example.org/t?e=q1'],
      complete: ['https://ads.example.org/t?e=complete'],
    });
    expect(r.ads[0]!.mediaFiles).toHaveLength(1);
  });

  it('refuses each strictly, as before: the blank lines (100), <MEDIAFILES> (101), the missing title (101)', () => {
    const strict = parseVast(xml('lenient-case.xml'), { strict: true });
    expect(strict.ok).toBe(false);
    expect(!strict.ok && strict.issue.code).toBe(VAST_ERROR.xmlParsing);
    const trimmed = parseVast(xml('lenient-case.xml').trimStart(), { strict: true });
    expect(trimmed.ok && trimmed.issues.map((i) => [i.code, i.message])).toEqual([
      [VAST_ERROR.schemaValidation, 'an InLine <Linear> has no <MediaFiles>'],
    ]);
    const titleless = parseVast(xml('lenient-case.xml').trimStart().replaceAll('MEDIAFILES', 'MediaFiles'), {
      strict: true,
    });
    expect(titleless.ok && titleless.issues.map((i) => [i.code, i.message])).toEqual([
      [VAST_ERROR.schemaValidation, '<InLine> has no <AdTitle>'],
    ]);
  });

  it('treats a missing <AdTitle> as a missing <Impression>: kept leniently, refused strictly', () => {
    const noTitle = inline().replace('<AdTitle>T</AdTitle>', '');
    const r = lenientDoc(noTitle);
    expect(r.document.ads).toHaveLength(1);
    expect(r.warnings.map((w) => w.deviation)).toEqual(['missing-ad-title']);
    const strict = parseVast(noTitle, { strict: true });
    expect(strict.ok && strict.issues.map((i) => i.code)).toEqual([VAST_ERROR.schemaValidation]);
  });

  it('gives an ad with no media file error 403 when resolved, in both modes', async () => {
    const fetch: VastFetch = async () => '';
    for (const body of [
      inline({ mediaFiles: '' }),
      inline({ mediaFiles: '<MediaFile delivery="progressive" type="video/mp4"> </MediaFile>' }),
    ]) {
      for (const strict of [false, true]) {
        const r = await resolveVast({ xml: body }, { fetch, strict });
        expect(r.ads).toEqual([]);
        expect(r.issues.map((i) => [i.code, i.message])).toEqual([
          [VAST_ERROR.noSupportedMedia, 'the linear creative has no media files'],
        ]);
      }
    }
    // Strictly, <MEDIAFILE> is not a <MediaFile>: no media.
    const shouty = xml('lenient-case.xml')
      .trimStart()
      .replaceAll('MEDIAFILES', 'MediaFiles')
      .replace('<AdSystem>', '<AdTitle>S</AdTitle><AdSystem>');
    const strict = await resolveVast({ xml: shouty }, { fetch, strict: true });
    expect(strict.issues.map((i) => i.code)).toEqual([VAST_ERROR.noSupportedMedia]);
  });

  it('keeps the line numbers of later warnings after blank lines before the declaration', () => {
    const body = `\n \n${inline({ mediaFiles: MEDIA_FILE.replace('a.mp4', 'a.mp4?x=1&y=2') })}`;
    const r = lenientDoc(body);
    expect(r.warnings.map((w) => [w.deviation, w.line])).toEqual([
      ['space-before-declaration', 3],
      ['unescaped-ampersand', 15],
    ]);
  });
});

describe('VAST 1.0', () => {
  it('classifies a <VideoAdServingTemplate> response as error 102 (version not supported), not 101', () => {
    for (const options of [{}, { strict: true }]) {
      const r = parseVast(xml('vast1-template.xml'), options);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.issue.code).toBe(VAST_ERROR.versionNotSupported);
        expect(r.issue.message).toBe('VAST 1.0 (<VideoAdServingTemplate>) is not supported');
      }
    }
    // and a <VAST version="1.0"> as before
    const v1 = parseVast(xml('vast1.xml'));
    expect(!v1.ok && v1.issue.code).toBe(VAST_ERROR.versionNotSupported);
  });

  it('gives 102 through the resolver and for the inline data of a VMAP break', async () => {
    const r = await resolveVast({ xml: xml('vast1-template.xml') }, { fetch: async () => '' });
    expect(r.issues.map((i) => i.code)).toEqual([VAST_ERROR.versionNotSupported]);
    const vmap = parseVmap(
      `<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start"><vmap:AdSource><vmap:VASTAdData>${xml('vast1-template.xml').replace(/^<\?xml[^>]*>/, '')}</vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>`,
    );
    expect(vmap.ok && vmap.issues.map((i) => i.code)).toEqual([VAST_ERROR.versionNotSupported]);
  });
});
