/**
 * A live stream's own ad request values (issue 39): its Ad exchange value and its Advanced config
 * pairs, given to every ad request of the stream, as MediaTailor gives a session's player
 * variables (`[player_params.<name>]`, from the `ads.<name>` parameters of the session's
 * initialization) and session variables (`[session.<name>]`) to its ADS URL template. Here the
 * values are the stream's, not the player's, so they have their own names:
 *
 * - `[AD_EXCHANGE_VALUE]`, and `[session.ad_exchange_value]` beside MediaTailor's lower-case
 *   session variables: the stream's adExchangeValue, URL-encoded; empty when it has none.
 * - `[config.<name>]`: the value of the Advanced config pair `<name>` (`{ "<name>": "value" }`),
 *   URL-encoded. A name is what the config schema allows (core CONFIG_KEY_PATTERN: letters, digits,
 *   '.', '-', '_'), so `[config.site.section]` names the pair "site.section". A macro that names
 *   no pair is left as it is (as an unknown `[session.…]` is), and the decision's notes say so.
 * - Every pair no `[config.…]` macro names is appended to the ad request as a query parameter
 *   `<name>=<value>` (both URL-encoded), unless the URL already has a parameter of that name: the
 *   tag's own parameter is kept, and the notes say the pair was not appended.
 *
 * What the console saved was checked by the schema, but a stored value is read defensively:
 * config text that is not JSON, not an object, or a pair whose name or value the schema would
 * refuse, is left out and noted; the decision goes on without it.
 */
import { CONFIG_KEY_PATTERN } from '@cuepoint/core';

/** The stream's settings that reach its ad requests (none for a VOD asset). */
export interface AdRequestSettings {
  adExchangeValue?: unknown;
  advancedConfig?: unknown;
}

export interface AdRequestParams {
  /** The stream's ad exchange value, trimmed ('' when it has none). */
  exchangeValue: string;
  /** The Advanced config pairs, in their order. */
  pairs: ReadonlyMap<string, string>;
  /** What was left out of the stored settings, and why. */
  notes: string[];
}

/** Pairs one ad request takes at most (the config text is bounded too). */
const MAX_PAIRS = 50;

/** The stream's ad request values, read from its stored settings; never throws. */
export function readAdRequestParams(settings: AdRequestSettings): AdRequestParams {
  const notes: string[] = [];
  const exchangeValue = typeof settings.adExchangeValue === 'string' ? settings.adExchangeValue.trim() : '';
  const pairs = new Map<string, string>();
  let config: unknown = settings.advancedConfig ?? {};
  if (typeof config === 'string') {
    const text = config.trim();
    try {
      config = text === '' ? {} : JSON.parse(text);
    } catch {
      notes.push('the stream’s advanced config is not valid JSON: no config pairs in the ad request');
      return { exchangeValue, pairs, notes };
    }
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    notes.push('the stream’s advanced config is not a JSON object: no config pairs in the ad request');
    return { exchangeValue, pairs, notes };
  }
  for (const [name, value] of Object.entries(config)) {
    if (!CONFIG_KEY_PATTERN.test(name) || typeof value !== 'string') {
      notes.push(
        `advanced config pair ${JSON.stringify(name).slice(0, 80)} is not a name and a text: left out`,
      );
      continue;
    }
    if (pairs.size >= MAX_PAIRS) {
      notes.push(`advanced config: only the first ${MAX_PAIRS} pairs reach the ad request`);
      break;
    }
    pairs.set(name, value);
  }
  return { exchangeValue, pairs, notes };
}

const CONFIG_MACRO = /\[config\.([A-Za-z0-9._-]+)\]/g;

/**
 * The URL's `[config.<name>]` macros expanded, and its query given every pair no macro named
 * (those the URL has a parameter of excepted). Run before the other macros are expanded: the
 * values are URL-encoded, so nothing they hold is read as a macro.
 */
export function applyConfigParams(
  template: string,
  params: Pick<AdRequestParams, 'pairs'>,
): { url: string; notes: string[] } {
  const notes: string[] = [];
  const named = new Set<string>();
  const expanded = template.replace(CONFIG_MACRO, (whole, name: string) => {
    const value = params.pairs.get(name);
    if (value === undefined) {
      if (!named.has(name))
        notes.push(`the VAST URL’s [config.${name}] names no advanced config pair: left as is`);
      named.add(name);
      return whole;
    }
    named.add(name);
    return encodeURIComponent(value);
  });
  const hash = expanded.indexOf('#');
  const base = hash === -1 ? expanded : expanded.slice(0, hash);
  const fragment = hash === -1 ? '' : expanded.slice(hash);
  const has = queryNames(base);
  const added: string[] = [];
  for (const [name, value] of params.pairs) {
    if (named.has(name)) continue;
    if (has.has(name)) {
      notes.push(`advanced config pair ${name} not appended: the VAST URL has its own ${name} parameter`);
      continue;
    }
    added.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  if (added.length === 0) return { url: expanded, notes };
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return { url: `${base}${separator}${added.join('&')}${fragment}`, notes };
}

/** The names of a URL's query parameters (decoded when they can be). */
function queryNames(url: string): Set<string> {
  const at = url.indexOf('?');
  const names = new Set<string>();
  if (at === -1) return names;
  for (const part of url.slice(at + 1).split('&')) {
    if (part === '') continue;
    const raw = part.split('=', 1)[0]!.replace(/\+/g, ' ');
    try {
      names.add(decodeURIComponent(raw));
    } catch {
      names.add(raw);
    }
  }
  return names;
}
