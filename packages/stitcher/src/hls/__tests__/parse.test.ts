import { describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures.ts';
import { getAttribute } from '../attributes.ts';
import {
  PlaylistParseError,
  parseMediaPlaylist,
  parseMultivariantPlaylist,
  parsePlaylist,
} from '../parse.ts';
import { serializeMediaPlaylist, serializePlaylist } from '../serialize.ts';
import { validatePlaylist } from '../validate.ts';

const MEDIA = [
  'live-ts-cue-out.m3u8',
  'vod-fmp4.m3u8',
  'vod-cmaf-byterange.m3u8',
  'audio-en-fmp4-live.m3u8',
  'subtitles-vtt.m3u8',
];
const ALL = [...MEDIA, 'multivariant-demuxed.m3u8'];

describe('HLS parser and serializer', () => {
  it.each(ALL)('fixture %s is valid RFC 8216 to begin with', (name) => {
    expect(validatePlaylist(fixture(import.meta.url, name))).toEqual([]);
  });

  it.each(ALL)('round-trips %s to an equivalent, valid playlist', (name) => {
    const text = fixture(import.meta.url, name);
    const parsed = parsePlaylist(text);
    const out = serializePlaylist(parsed);
    expect(validatePlaylist(out)).toEqual([]);
    expect(parsePlaylist(out)).toEqual(parsed);
    // A second pass is byte-identical.
    expect(serializePlaylist(parsePlaylist(out))).toBe(out);
  });

  it('keeps the text of an unchanged live playlist line for line', () => {
    const text = fixture(import.meta.url, 'live-ts-cue-out.m3u8');
    expect(serializeMediaPlaylist(parseMediaPlaylist(text))).toBe(text);
  });

  it('reads the header and per-segment data of a live TS window', () => {
    const pl = parseMediaPlaylist(fixture(import.meta.url, 'live-ts-cue-out.m3u8'));
    expect(pl).toMatchObject({
      targetDuration: 6,
      mediaSequence: 2040,
      discontinuitySequence: 12,
      endList: false,
    });
    expect(pl.segments).toHaveLength(8);
    expect(pl.segments[2]!.tags).toEqual([{ name: 'EXT-X-CUE-OUT', value: 'DURATION=30' }]);
    expect(pl.segments[7]!.tags).toEqual([{ name: 'EXT-X-CUE-IN' }]);
    expect(pl.segments[0]!.programDateTime).toBe(Date.parse('2025-03-01T10:00:00.000Z'));
    // extrapolated from the previous PDT
    expect(pl.segments[3]!.programDateTime).toBeCloseTo(Date.parse('2025-03-01T10:00:00.000Z') + 3 * 6006, 6);
  });

  it('tracks EXT-X-MAP and EXT-X-KEY in effect for each segment', () => {
    const pl = parseMediaPlaylist(fixture(import.meta.url, 'audio-en-fmp4-live.m3u8'));
    expect(pl.segments.every((s) => s.map === 'URI="audio-init.mp4"')).toBe(true);
    expect(pl.segments[3]!.keys).toEqual([]);
    expect(pl.segments[4]!.keys).toEqual([
      'METHOD=AES-128,URI="https://keys.example.com/k1",IV=0x00000000000000000000000000000001',
    ]);
    expect(pl.segments[5]!.keys).toEqual(pl.segments[4]!.keys);
  });

  it('re-emits the init section and key when a window slides past their tags', () => {
    const pl = parseMediaPlaylist(fixture(import.meta.url, 'audio-en-fmp4-live.m3u8'));
    pl.segments = pl.segments.slice(5);
    pl.mediaSequence += 5;
    const out = serializeMediaPlaylist(pl);
    expect(out).toContain('#EXT-X-MAP:URI="audio-init.mp4"');
    expect(out).toContain('#EXT-X-KEY:METHOD=AES-128');
    expect(validatePlaylist(out)).toEqual([]);
  });

  it('resolves implicit byte-range offsets', () => {
    const pl = parseMediaPlaylist(fixture(import.meta.url, 'vod-cmaf-byterange.m3u8'));
    expect(pl.segments.map((s) => s.byteRange)).toEqual([
      { length: 120000, offset: 720 },
      { length: 118000, offset: 120720 },
      { length: 121500, offset: 238720 },
      { length: 64000, offset: 360220 },
    ]);
    expect(pl.segments[0]!.map).toBe('URI="main.mp4",BYTERANGE="720@0"');
  });

  it('reads demuxed renditions, variants and I-frame variants', () => {
    const pl = parseMultivariantPlaylist(fixture(import.meta.url, 'multivariant-demuxed.m3u8'));
    expect(pl.renditions).toHaveLength(4);
    expect(pl.variants.map((v) => v.uri)).toEqual([
      'video/1080p/index.m3u8',
      'video/720p/index.m3u8',
      'video/360p/index.m3u8',
    ]);
    expect(getAttribute(pl.variants[0]!.attributes, 'CODECS')).toBe('avc1.640028,mp4a.40.2');
    expect(getAttribute(pl.renditions[1]!.attributes, 'URI')).toBe('audio/de/index.m3u8');
    expect(pl.iFrameVariants).toHaveLength(1);
    expect(pl.tags).toEqual([
      { name: 'EXT-X-SESSION-DATA', value: 'DATA-ID="com.cuepoint.channel",VALUE="news-24"' },
    ]);
  });

  it('tells playlist kinds apart and refuses what is not HLS', () => {
    expect(parsePlaylist(fixture(import.meta.url, 'multivariant-demuxed.m3u8')).type).toBe('multivariant');
    expect(parsePlaylist(fixture(import.meta.url, 'vod-fmp4.m3u8')).type).toBe('media');
    expect(() => parsePlaylist('<html>oops</html>')).toThrow(PlaylistParseError);
  });

  it('accepts CRLF line endings and keeps unknown tags and comments in place', () => {
    const text =
      '#EXTM3U\r\n#EXT-X-TARGETDURATION:4\r\n# a comment\r\n#EXT-X-FOO:BAR=1\r\n#EXTINF:4,\r\na.ts\r\n';
    const pl = parseMediaPlaylist(text);
    expect(pl.segments[0]!.tags).toEqual([{ name: ' a comment' }, { name: 'EXT-X-FOO', value: 'BAR=1' }]);
    const out = serializeMediaPlaylist(pl);
    expect(out).toContain('# a comment\n#EXT-X-FOO:BAR=1\n#EXTINF:4,\na.ts');
  });

  it('bumps EXT-X-VERSION to what the content needs', () => {
    const pl = parseMediaPlaylist('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\na.ts\n');
    pl.segments[0]!.map = 'URI="init.mp4"';
    const out = serializeMediaPlaylist(pl);
    expect(out).toContain('#EXT-X-VERSION:6');
    expect(validatePlaylist(out)).toEqual([]);
  });
});

describe('what may come before #EXTM3U', () => {
  const media = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\na.ts\n#EXT-X-ENDLIST\n';
  const multivariant = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nv.m3u8\n';
  const leads = {
    'a UTF-8 BOM': '\uFEFF',
    'blank lines': '\n\n',
    'CRLF blank lines': '\r\n\r\n',
    'whitespace lines': '  \n\t\n \r\n',
    'a BOM, then blank and whitespace lines': '\uFEFF\r\n  \n\t\n',
    'spaces on the #EXTM3U line': '   ',
  };

  it.each(Object.entries(leads))('accepts %s', (_, lead) => {
    expect(parsePlaylist(lead + media)).toEqual(parsePlaylist(media));
    expect(parsePlaylist(lead + multivariant)).toEqual(parsePlaylist(multivariant));
  });

  it('rejects anything else before #EXTM3U, saying what it found', () => {
    for (const text of ['<html>\n#EXTM3U\n', 'HTTP/1.1 200 OK\n\n#EXTM3U\n', '# comment\n#EXTM3U\n']) {
      expect(() => parseMediaPlaylist(text)).toThrow(PlaylistParseError);
      expect(() => parsePlaylist(`${text}#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n`)).toThrow(
        PlaylistParseError,
      );
    }
    expect(() => parseMediaPlaylist('<html>oops</html>\n#EXTM3U\n')).toThrow(
      'playlist does not start with #EXTM3U (first line: "<html>oops</html>")',
    );
    expect(() => parseMultivariantPlaylist('\uFEFF\n{"error":"not found"}')).toThrow(
      'playlist does not start with #EXTM3U (first line: "{"error":"not found"}")',
    );
    expect(() => parseMediaPlaylist('\uFEFF \n\n')).toThrow(
      'playlist does not start with #EXTM3U (it is empty)',
    );
    expect(() => parseMediaPlaylist(`${'x'.repeat(100)}\n`)).toThrow(`(first line: "${'x'.repeat(60)}...")`);
  });
});
