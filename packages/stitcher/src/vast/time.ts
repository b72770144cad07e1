/** Parses `HH:MM:SS`, `HH:MM:SS.mmm` (VAST/VMAP time); undefined when malformed. */
export function parseClock(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)\s*$/.exec(value);
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

export type Offset = { type: 'seconds'; value: number } | { type: 'percent'; value: number };

/** Parses a VAST offset: a clock time or a percentage (`25%`). */
export function parseOffset(value: string | undefined): Offset | undefined {
  if (value === undefined) return undefined;
  const pct = /^\s*(\d+(?:\.\d+)?)%\s*$/.exec(value);
  if (pct) return { type: 'percent', value: Number(pct[1]) };
  const s = parseClock(value);
  return s === undefined ? undefined : { type: 'seconds', value: s };
}

export function offsetSeconds(o: Offset, duration: number): number {
  return o.type === 'seconds' ? o.value : (o.value / 100) * duration;
}
