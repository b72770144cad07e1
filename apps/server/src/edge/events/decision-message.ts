/**
 * The log viewer's one line for an ad-decision event: what the viewer got, and why when it was
 * not a full break. Playback (decision-events.ts) and the built-in ad server's routes both record
 * ad decisions, so the wording lives with the events, beside neither.
 */
import { type AdDecisionData, SKIP_REASONS } from '@cuepoint/core';

const seconds = (value: number) => `${Math.round(value * 10) / 10}s`;

export function decisionMessage(data: AdDecisionData): string {
  const ads = data.candidates.filter((c) => c.chosen).length;
  const of = data.availSeconds === null ? '' : ` of ${seconds(data.availSeconds)}`;
  const why = data.reason ? `: ${SKIP_REASONS[data.reason]}` : '';
  switch (data.outcome) {
    case 'filled':
      return `Ad break filled: ${ads} ad(s), ${seconds(data.adSeconds)}${of}`;
    case 'partial':
      return `Ad break partly filled: ${ads} ad(s), ${seconds(data.adSeconds)}${of}${why}`;
    default:
      return `Ad break with no ads (${data.outcome})${why}`;
  }
}
