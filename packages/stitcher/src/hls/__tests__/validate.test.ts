import { describe, expect, it } from 'vitest';
import { checkPlaylistUpdate } from '../continuity.ts';
import { validatePlaylist } from '../validate.ts';

const media = (body: string, header = '#EXT-X-TARGETDURATION:6') => `#EXTM3U\n${header}\n${body}\n`;

describe('RFC 8216 syntax checker', () => {
  it.each([
    ['missing #EXTM3U', '#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n', 'first line must be #EXTM3U'],
    ['missing target duration', '#EXTM3U\n#EXTINF:6,\na.ts\n', 'missing EXT-X-TARGETDURATION'],
    ['segment longer than the target', media('#EXTINF:7,\na.ts'), 'rounds above EXT-X-TARGETDURATION'],
    ['URI without EXTINF', media('a.ts'), 'not preceded by EXTINF'],
    ['EXTINF without URI', media('#EXTINF:6,'), 'has no URI'],
    ['two EXTINF', media('#EXTINF:6,\n#EXTINF:6,\na.ts'), 'before the next EXTINF'],
    ['EXTINF without comma', media('#EXTINF:6\na.ts'), 'followed by a comma'],
    [
      'float EXTINF in version 2',
      media('#EXTINF:5.5,\na.ts', '#EXT-X-VERSION:2\n#EXT-X-TARGETDURATION:6'),
      'needs EXT-X-VERSION 3',
    ],
    [
      'EXT-X-MAP in version 5',
      media('#EXT-X-MAP:URI="i.mp4"\n#EXTINF:6,\na.m4s', '#EXT-X-VERSION:5\n#EXT-X-TARGETDURATION:6'),
      'needs EXT-X-VERSION 6',
    ],
    [
      'media sequence after a segment',
      media('#EXTINF:6,\na.ts\n#EXT-X-MEDIA-SEQUENCE:3'),
      'must precede the first segment',
    ],
    [
      'discontinuity sequence after a discontinuity',
      media('#EXT-X-DISCONTINUITY\n#EXT-X-DISCONTINUITY-SEQUENCE:2\n#EXTINF:6,\na.ts'),
      'EXT-X-DISCONTINUITY-SEQUENCE must precede',
    ],
    ['segment after ENDLIST', media('#EXT-X-ENDLIST\n#EXTINF:6,\na.ts'), 'after EXT-X-ENDLIST'],
    [
      'bad playlist type',
      media('#EXTINF:6,\na.ts', '#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:LIVE'),
      'EVENT or VOD',
    ],
    ['KEY NONE with URI', media('#EXT-X-KEY:METHOD=NONE,URI="k"\n#EXTINF:6,\na.ts'), 'no other attributes'],
    [
      'KEY without URI',
      media('#EXT-X-KEY:METHOD=AES-128\n#EXTINF:6,\na.ts'),
      'missing required attribute URI',
    ],
    [
      'unquoted MAP URI',
      media('#EXT-X-MAP:URI=init.mp4\n#EXTINF:6,\na.m4s', '#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:6'),
      'URI is not a valid quoted',
    ],
    [
      'DATERANGE without PDT',
      media('#EXT-X-DATERANGE:ID="a",START-DATE="2025-01-01T00:00:00Z"\n#EXTINF:6,\na.ts'),
      'needs an EXT-X-PROGRAM-DATE-TIME',
    ],
    [
      'DATERANGE without ID',
      media(
        '#EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00Z\n#EXT-X-DATERANGE:START-DATE="2025-01-01T00:00:00Z"\n#EXTINF:6,\na.ts',
      ),
      'missing required attribute ID',
    ],
    [
      'DATERANGE ending before it starts',
      media(
        '#EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00Z\n#EXT-X-DATERANGE:ID="a",START-DATE="2025-01-01T00:00:10Z",END-DATE="2025-01-01T00:00:00Z"\n#EXTINF:6,\na.ts',
      ),
      'END-DATE is before START-DATE',
    ],
    [
      'interstitial without asset',
      media(
        '#EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00Z\n#EXT-X-DATERANGE:ID="a",CLASS="com.apple.hls.interstitial",START-DATE="2025-01-01T00:00:00Z"\n#EXTINF:6,\na.ts',
      ),
      'exactly one of X-ASSET-URI and X-ASSET-LIST',
    ],
    [
      'bad SCTE35-OUT',
      media(
        '#EXT-X-PROGRAM-DATE-TIME:2025-01-01T00:00:00Z\n#EXT-X-DATERANGE:ID="a",START-DATE="2025-01-01T00:00:00Z",SCTE35-OUT="FC30"\n#EXTINF:6,\na.ts',
      ),
      'SCTE35-OUT is not a valid hex',
    ],
    [
      'duplicate attribute',
      media('#EXT-X-MAP:URI="a",URI="b"\n#EXTINF:6,\na.m4s', '#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:6'),
      'duplicate attribute',
    ],
    ['trailing white space', media('#EXTINF:6,\na.ts '), 'white space'],
    [
      'mixed playlist kinds',
      media('#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n#EXTINF:6,\na.ts'),
      'mixes media playlist and multivariant',
    ],
    [
      'STREAM-INF without BANDWIDTH',
      '#EXTM3U\n#EXT-X-STREAM-INF:CODECS="avc1.4d401f"\nv.m3u8\n',
      'missing required attribute BANDWIDTH',
    ],
    ['STREAM-INF without URI', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n', 'followed by a URI line'],
    [
      'unknown audio group',
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="aac"\nv.m3u8\n',
      'no EXT-X-MEDIA with TYPE=AUDIO',
    ],
    [
      'CLOSED-CAPTIONS with URI',
      '#EXTM3U\n#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="c",INSTREAM-ID="CC1",URI="x"\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n',
      'must not have a URI',
    ],
    [
      'two defaults',
      '#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="x",DEFAULT=YES\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="y",DEFAULT=YES\n#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="a"\nv.m3u8\n',
      'more than one DEFAULT=YES',
    ],
  ])('rejects %s', (_name, text, message) => {
    const issues = validatePlaylist(text);
    expect(issues.map((i) => i.message).join(' | ')).toContain(message);
  });

  it('accepts a minimal valid media playlist', () => {
    expect(validatePlaylist(media('#EXTINF:6,\na.ts\n#EXT-X-ENDLIST'))).toEqual([]);
  });
});

describe('playlist update checker', () => {
  const pl = (seq: number, ds: number, segs: string[]) =>
    `#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:${seq}\n#EXT-X-DISCONTINUITY-SEQUENCE:${ds}\n${segs
      .map((s) =>
        s.startsWith('!') ? `#EXT-X-DISCONTINUITY\n#EXTINF:6,\n${s.slice(1)}` : `#EXTINF:6,\n${s}`,
      )
      .join('\n')}\n`;

  it('accepts a proper slide', () => {
    expect(checkPlaylistUpdate(pl(1, 0, ['a', '!b', 'c']), pl(3, 1, ['c', 'd']))).toEqual([]);
  });
  it('flags a wrong discontinuity sequence, a changed segment and a lost segment', () => {
    expect(checkPlaylistUpdate(pl(1, 0, ['a', '!b', 'c']), pl(3, 0, ['c']))[0]).toContain(
      'discontinuity sequence',
    );
    expect(checkPlaylistUpdate(pl(1, 0, ['a', 'b']), pl(2, 0, ['x']))[0]).toContain('changed URI');
    expect(checkPlaylistUpdate(pl(1, 0, ['a', 'b', 'c']), pl(2, 0, ['b']))[0]).toContain('went missing');
    expect(checkPlaylistUpdate(pl(2, 0, ['a']), pl(1, 0, ['z', 'a']))[0]).toContain('went back');
  });
});
