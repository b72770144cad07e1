/**
 * A live stream's Ad exchange value and Advanced config in its ad requests (issue 39):
 * [AD_EXCHANGE_VALUE], [session.ad_exchange_value] and [config.<name>] expanded URL-encoded,
 * the pairs no macro names appended without overriding the tag's own parameters, and stored
 * settings the schema would refuse left out with a note instead of failing the decision.
 */
import { describe, expect, it } from 'vitest';
import { adRequestOf } from '../ad-decisions.ts';
import { readAdRequestParams } from '../ad-request-params.ts';

const deps = { now: () => Date.UTC(2025, 0, 2, 3, 4, 5), random: () => 0.5 };
const values = {
  sessionId: 'S3ss10n_id-AAAAAAAAAAA',
  viewer: { address: '203.0.113.9', userAgent: 'Player/2' },
  avail: { id: 'cue-1', duration: 30 },
  podLength: 2,
};

/** The ad request of a tag for a stream with these settings. */
function request(template: string, settings: { adExchangeValue?: unknown; advancedConfig?: unknown }) {
  return adRequestOf(template, { ...values, params: readAdRequestParams(settings) }, deps);
}

describe('the stream’s ad exchange value', () => {
  it('is [AD_EXCHANGE_VALUE] and [session.ad_exchange_value], URL-encoded', () => {
    const { url, notes } = request(
      'https://ads.example/v?ex=[AD_EXCHANGE_VALUE]&mt=[session.ad_exchange_value]',
      {
        adExchangeValue: ' net=7&side/a b ',
      },
    );
    expect(url).toBe('https://ads.example/v?ex=net%3D7%26side%2Fa%20b&mt=net%3D7%26side%2Fa%20b');
    expect(notes).toEqual([]);
  });

  it('is empty for a stream (or an asset) without one', () => {
    expect(
      request('https://ads.example/v?ex=[AD_EXCHANGE_VALUE]&mt=[session.ad_exchange_value]', {}).url,
    ).toBe('https://ads.example/v?ex=&mt=');
  });
});

describe('the stream’s advanced config pairs', () => {
  it('are [config.<name>] macros, URL-encoded, the dotted names too', () => {
    const { url, notes } = request('https://ads.example/v?s=[config.site.section]&t=[config.tier]', {
      advancedConfig: '{"site.section": "news & sport/UK", "tier": "gold"}',
    });
    expect(url).toBe('https://ads.example/v?s=news%20%26%20sport%2FUK&t=gold');
    expect(notes).toEqual([]);
  });

  it('a value is never read as a macro', () => {
    const { url } = request('https://ads.example/v?s=[config.s]', {
      advancedConfig: { s: '[CACHEBUSTING][session.id]', extra: '[SESSION_ID]' },
    });
    expect(new URL(url).searchParams.get('s')).toBe('[CACHEBUSTING][session.id]');
    expect(new URL(url).searchParams.get('extra')).toBe('[SESSION_ID]');
  });

  it('leaves a [config.…] that names no pair as it is, as an unknown [session.…], and says so', () => {
    const { url, notes } = request(
      'https://ads.example/v?a=[config.missing]&b=[session.unknown]&c=[NOT_A_MACRO]&d=[config.missing]',
      { advancedConfig: '{}' },
    );
    // Upper-case unknown macros are VAST's -2, as before.
    expect(url).toBe('https://ads.example/v?a=[config.missing]&b=[session.unknown]&c=-2&d=[config.missing]');
    expect(notes).toEqual(['the VAST URL’s [config.missing] names no advanced config pair: left as is']);
  });

  it('appends the pairs no macro names as query parameters, in their order', () => {
    const settings = { advancedConfig: '{"site": "news", "kv": "a=1&b=2", "tier": "gold"}' };
    expect(request('https://ads.example/v?t=[config.tier]', settings).url).toBe(
      'https://ads.example/v?t=gold&site=news&kv=a%3D1%26b%3D2',
    );
    expect(request('https://ads.example/v', settings).url).toBe(
      'https://ads.example/v?site=news&kv=a%3D1%26b%3D2&tier=gold',
    );
    expect(request('https://ads.example/v?', settings).url).toBe(
      'https://ads.example/v?site=news&kv=a%3D1%26b%3D2&tier=gold',
    );
    expect(request('https://ads.example/v?x=1&', settings).url).toBe(
      'https://ads.example/v?x=1&site=news&kv=a%3D1%26b%3D2&tier=gold',
    );
    // Before the fragment, which the ad server never sees.
    expect(request('https://ads.example/v?x=1#frag', { advancedConfig: { site: 'news' } }).url).toBe(
      'https://ads.example/v?x=1&site=news#frag',
    );
  });

  it('never overrides a parameter the tag already has', () => {
    const { url, notes } = request('https://ads.example/v?sid=[SESSION_ID]&site=fixed&a%2Eb=1', {
      advancedConfig: '{"sid": "mine", "site": "news", "a.b": "2", "tier": "gold"}',
    });
    expect(url).toBe(`https://ads.example/v?sid=${values.sessionId}&site=fixed&a%2Eb=1&tier=gold`);
    expect(notes).toEqual([
      'advanced config pair sid not appended: the VAST URL has its own sid parameter',
      'advanced config pair site not appended: the VAST URL has its own site parameter',
      'advanced config pair a.b not appended: the VAST URL has its own a.b parameter',
    ]);
  });

  it('ignores stored config that is not JSON, or not an object, with a note: the request goes on', () => {
    for (const advancedConfig of ['{', '["a"]', '"text"', 42]) {
      const { url, notes } = request('https://ads.example/v?ex=[AD_EXCHANGE_VALUE]&s=[config.s]', {
        adExchangeValue: 'exch',
        advancedConfig,
      });
      expect(url, String(advancedConfig)).toBe('https://ads.example/v?ex=exch&s=[config.s]');
      expect(notes[0], String(advancedConfig)).toMatch(
        /^the stream’s advanced config is not (valid JSON|a JSON object): no config pairs in the ad request$/,
      );
    }
    // The default, a config left empty, and none stored: no pairs, nothing to say.
    for (const advancedConfig of ['{}', '', undefined, null])
      expect(request('https://ads.example/v', { advancedConfig })).toEqual({
        url: 'https://ads.example/v',
        notes: [],
      });
  });

  it('leaves out a pair the schema would refuse (its name, or a value that is not text), keeping the others', () => {
    const { url, notes } = request('https://ads.example/v', {
      advancedConfig: { 'bad name': 'x', '9lives': 'x', n: 3, site: 'news' },
    });
    expect(url).toBe('https://ads.example/v?site=news');
    expect(notes).toEqual([
      'advanced config pair "bad name" is not a name and a text: left out',
      'advanced config pair "9lives" is not a name and a text: left out',
      'advanced config pair "n" is not a name and a text: left out',
    ]);
  });
});
