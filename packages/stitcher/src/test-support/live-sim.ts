import type { AdPlan, PlannedAd } from '../ads.ts';
import { formatDuration } from '../hls/serialize.ts';
import { encodeSpliceInsert } from './scte35-encode.ts';

/** A break in the simulated origin: content segments [start, start + length) are the avail. */
export interface SimBreak {
  start: number;
  length: number;
  /** Declared duration: exactly the break, longer than it (cut short by CUE-IN), or none. */
  declared: 'exact' | 'longer' | 'none';
  cueIn: boolean;
  style: 'cue-out' | 'daterange' | 'splicepoint';
}

export interface SimOrigin {
  targetDuration: number;
  window: number;
  durations: number[];
  discontinuities: Set<number>;
  breaks: SimBreak[];
}

const BASE_PDT = Date.UTC(2025, 0, 1, 0, 0, 0);

export function breakDuration(o: SimOrigin, b: SimBreak): number {
  let d = 0;
  for (let i = b.start; i < b.start + b.length; i++) d += o.durations[i]!;
  return d;
}

function declared(o: SimOrigin, b: SimBreak): number | undefined {
  const d = breakDuration(o, b);
  if (b.declared === 'exact') return Math.round(d * 1000) / 1000;
  if (b.declared === 'longer') return Math.round((d + 12.5) * 1000) / 1000;
  return undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex').toUpperCase()}`;

/**
 * The origin media playlist of rendition `r` ('v' or 'a') when its newest segment is `end - 1`.
 * Markers follow each break's style.
 */
export function originText(o: SimOrigin, end: number, r: 'v' | 'a'): string {
  const start = Math.max(0, end - o.window);
  let pdt = BASE_PDT;
  for (let i = 0; i < start; i++) pdt += o.durations[i]! * 1000;
  let discBefore = 0;
  for (let i = 1; i <= start && i < o.durations.length; i++) if (o.discontinuities.has(i)) discBefore++;
  if (o.discontinuities.has(start)) discBefore--;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${o.targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${start}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.max(0, discBefore)}`,
  ];
  const byStart = new Map(o.breaks.map((b) => [b.start, b]));
  const byEnd = new Map(o.breaks.map((b) => [b.start + b.length, b]));
  const inBreak = (i: number) => o.breaks.find((b) => i > b.start && i < b.start + b.length);
  for (let i = start; i < end; i++) {
    if (o.discontinuities.has(i) && i > 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${iso(pdt)}`);
    const ending = byEnd.get(i);
    if (ending?.cueIn) {
      const b = ending;
      if (b.style === 'cue-out') lines.push('#EXT-X-CUE-IN');
      else if (b.style === 'splicepoint') {
        const msg = Buffer.from(encodeSpliceInsert({ eventId: 1000 + b.start, out: false })).toString(
          'base64',
        );
        lines.push(`#EXT-X-SPLICEPOINT-SCTE35:${msg}`);
      } else {
        let s = BASE_PDT;
        for (let k = 0; k < b.start; k++) s += o.durations[k]! * 1000;
        const inMsg = hex(encodeSpliceInsert({ eventId: 1000 + b.start, out: false }));
        lines.push(
          `#EXT-X-DATERANGE:ID="ad-${b.start}",START-DATE="${iso(s)}",END-DATE="${iso(pdt)}",SCTE35-IN=${inMsg}`,
        );
      }
    }
    const b = byStart.get(i);
    if (b) {
      const d = declared(o, b);
      if (b.style === 'cue-out')
        lines.push(d === undefined ? '#EXT-X-CUE-OUT' : `#EXT-X-CUE-OUT:DURATION=${d}`);
      else if (b.style === 'splicepoint') {
        const msg = encodeSpliceInsert(
          d === undefined
            ? { eventId: 1000 + b.start, out: true }
            : { eventId: 1000 + b.start, out: true, duration: d },
        );
        lines.push(`#EXT-X-SPLICEPOINT-SCTE35:${Buffer.from(msg).toString('base64')}`);
      } else {
        const msg = hex(encodeSpliceInsert({ eventId: 1000 + b.start, out: true }));
        const planned = d === undefined ? '' : `,PLANNED-DURATION=${d}`;
        lines.push(
          `#EXT-X-DATERANGE:ID="ad-${b.start}",START-DATE="${iso(pdt)}"${planned},SCTE35-OUT=${msg}`,
        );
      }
    }
    const within = inBreak(i);
    if (within && within.style === 'cue-out') {
      let el = 0;
      for (let k = within.start; k < i; k++) el += o.durations[k]!;
      const d = declared(o, within);
      lines.push(
        `#EXT-X-CUE-OUT-CONT:ElapsedTime=${formatDuration(el)}${d === undefined ? '' : `,Duration=${d}`}`,
      );
    }
    lines.push(`#EXTINF:${formatDuration(o.durations[i]!)},`);
    lines.push(r === 'v' ? `v/c${i}.ts` : `a/c${i}.aac`);
    pdt += o.durations[i]! * 1000;
  }
  return `${lines.join('\n')}\n`;
}

/** An ad of the simulated pool: segment durations only; URIs depend on the rendition. */
export interface SimAd {
  id: string;
  durations: number[];
}

export function planFor(pool: SimAd[], availId: string, count: number, r: 'v' | 'a'): AdPlan {
  let h = 0;
  for (const ch of availId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const ads: PlannedAd[] = [];
  for (let k = 0; k < count && pool.length > 0; k++) {
    const ad = pool[(h + k) % pool.length]!;
    ads.push({
      id: ad.id,
      segments: ad.durations.map((d, i) => ({
        uri: r === 'v' ? `v/ad-${ad.id}-${i}.ts` : `a/ad-${ad.id}-${i}.aac`,
        duration: d,
      })),
      tracking: {
        impression: [`https://t.example.com/imp/${ad.id}`],
        complete: [`https://t.example.com/c/${ad.id}`],
      },
    });
  }
  const seen = new Set<string>();
  const unique: PlannedAd[] = [];
  for (const a of ads) {
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    unique.push(a);
  }
  return { ads: unique };
}

/** Strips the rendition from a URI: `v/c12.ts` and `a/c12.aac` both give `c12`. */
export function neutral(uri: string): string {
  return uri.replace(/^[va]\//, '').replace(/\.(ts|aac)$/, '');
}
