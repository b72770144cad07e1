const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as mm:ss (minutes may pass 59: 3725 s is 62:05); not a number shows as --:--. */
export function formatDuration(seconds: unknown): string {
  const value = typeof seconds === 'number' ? seconds : Number.NaN;
  if (!Number.isFinite(value) || value < 0) return '--:--';
  const total = Math.round(value);
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** The start of a long text, cut at a word and ended with an ellipsis. */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
