/**
 * Texts of the playback panel of a stream's and an asset's page: the preview player, the ad-break
 * timeline and a break's diagnostics (core names the outcomes' and skip reasons' meanings).
 */
import type { BreakOutcome } from '@cuepoint/core';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const PLAYBACK_PANEL_TEXTS = {
  heading: 'Preview and ad breaks',
  preview: 'Preview',
  play: 'Play preview',
  stop: 'Stop preview',
  loadingPlayer: 'Loading the player…',
  previewInactive: 'The preview plays an active stream or asset.',
  playerFailed: (detail: string) => `The preview could not play: ${detail}`,
  unsupported: 'This browser cannot play HLS.',
  previewLabel: (name: string) => `Preview of ${name}`,
  timeline: (hours: number) => `Ad breaks of the last ${hours} hours`,
  timelineLabel: 'Ad-break timeline',
  loadingBreaks: 'Loading ad breaks…',
  breaksFailed: 'The ad breaks could not be loaded.',
  noBreaks: (hours: number) =>
    `No ad breaks in the last ${hours} hours. They appear here as viewers reach them.`,
  now: 'Now',
  hoursAgo: (hours: number) => `${hours} h ago`,
  breakButton: (time: string, viewers: number, outcome: string) =>
    `Ad break at ${time}: ${plural(viewers, 'viewer')}, ${outcome}`,
  columns: {
    time: 'Time',
    duration: 'Break',
    viewers: 'Viewers',
    filled: 'Filled',
    slate: 'Slate or content',
    errors: 'Errors',
    reason: 'Main reason',
  },
  breakDetails: 'Ad break details',
  breakAt: (time: string) => `Ad break at ${time}`,
  closeDetails: 'Close details',
  loadingDetails: 'Loading the break…',
  detailsFailed: 'The break could not be loaded.',
  why: 'Why',
  whyFilled: 'Every viewer got a full break of ads.',
  whyOthers: (count: number, total: number, outcome: string, reason: string | null) =>
    `${count} of ${plural(total, 'viewer')} got ${outcome}${reason ? `: ${reason}` : ''}.`,
  decisions: (shown: number) => `Viewers’ decisions (newest ${shown})`,
  session: 'Session',
  request: 'Ad request',
  noRequest: 'No ad request was sent.',
  latency: (ms: number) => `answered in ${ms} ms`,
  candidates: 'Candidate ads',
  noCandidates: 'The answer offered no ads.',
  candidateColumns: { ad: 'Ad', duration: 'Duration', result: 'Result' },
  placed: 'Placed',
  skipped: (reason: string) => `Skipped: ${reason}`,
  notes: 'Notes',
  beacons: 'Beacons sent',
  noBeacons: 'No server-side beacons for this break yet.',
  beaconColumns: { event: 'Event', sent: 'Sent', failed: 'Failed' },
  seconds: (s: number | null) => (s === null ? '–' : `${Math.round(s * 10) / 10} s`),
  percent: (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((100 * part) / whole)} %`),
} as const;

/** What each outcome is called. */
export const OUTCOME_LABELS: Record<BreakOutcome, string> = {
  filled: 'a full break of ads',
  partial: 'ads, then slate',
  slate: 'slate',
  content: 'the stream’s content',
};

/** The badge of each outcome. */
export const OUTCOME_BADGES: Record<BreakOutcome, { label: string; color: string }> = {
  filled: { label: 'Filled', color: 'teal' },
  partial: { label: 'Partly filled', color: 'yellow' },
  slate: { label: 'Slate', color: 'red' },
  content: { label: 'Content', color: 'gray' },
};
