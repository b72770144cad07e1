/**
 * The events playback records (events/pipeline.ts): one per viewer per ad break with the whole
 * decision (the request, every candidate and why it was placed or skipped, what the viewer got),
 * an ad-server failure besides it when the request failed, and one per server-side beacon sent.
 * The break's diagnostics in the console read them back.
 */
import {
  type AdDecisionData,
  type BreakOutcome,
  type DataPlaneAction,
  type EventLevel,
  SKIP_REASONS,
  type SkipReason,
} from '@cuepoint/core';
import { decisionMessage } from '../events/decision-message.ts';
import type { EventPipeline, EventSubject } from '../events/pipeline.ts';
import type { Decision } from './ad-decisions.ts';
import type { AvailRecord } from './sessions.ts';

/** A break is full when its ads leave less than this many seconds unfilled. */
const FULL_TOLERANCE_S = 0.5;

export interface DecisionContext {
  subject: EventSubject;
  sessionId: string;
  record: AvailRecord;
  decision: Decision | undefined;
  /** Seconds the break had to fill, when its markers said. */
  availSeconds: number | undefined;
  /** What fills a break's time that ads do not: a live stream's slate, else its content. */
  filler: 'slate' | 'content';
  /** Overrides the decision's reason (the viewer's frequency cap, say). */
  reason?: SkipReason | undefined;
}

export function decisionData(context: DecisionContext): AdDecisionData {
  const { record, decision } = context;
  const adSeconds = record.ads.reduce((sum, ad) => sum + ad.duration, 0);
  const availSeconds = context.availSeconds ?? null;
  const reason: SkipReason | null =
    context.reason ?? (decision === undefined ? 'timeout' : (decision.reason ?? null));
  let outcome: BreakOutcome;
  if (adSeconds === 0) outcome = context.filler;
  else if (availSeconds !== null && adSeconds < availSeconds - FULL_TOLERANCE_S) outcome = 'partial';
  else outcome = 'filled';
  return {
    requestUrl: decision?.request?.url ?? null,
    latencyMs: decision?.request?.latencyMs ?? null,
    availSeconds,
    adSeconds,
    outcome,
    reason: outcome === 'filled' ? null : reason,
    candidates: decision?.candidates ?? [],
    notes: record.notes,
  };
}

const AD_SERVER_FAILURES: readonly SkipReason[] = ['vast-error', 'timeout', 'wrapper-depth'];

/** Records a viewer's decision of a break (and the ad server's failure, when it failed). */
export function recordDecision(events: EventPipeline | undefined, context: DecisionContext): void {
  if (!events) return;
  const data = decisionData(context);
  const level: EventLevel = data.outcome === 'filled' ? 'info' : 'warning';
  const common = { subject: context.subject, sessionId: context.sessionId, availId: context.record.id };
  events.record({ ...common, action: 'ad-decision', level, message: decisionMessage(data), data });
  if (data.reason && AD_SERVER_FAILURES.includes(data.reason) && context.reason === undefined) {
    const action: DataPlaneAction = 'ad-server-error';
    events.record({
      ...common,
      action,
      level: 'error',
      message: `Ad server: ${context.record.notes[0] ?? SKIP_REASONS[data.reason]}`,
      data: { requestUrl: data.requestUrl, latencyMs: data.latencyMs, reason: data.reason },
    });
  }
}

/** Records a server-side beacon's delivery. */
export function recordBeacon(
  events: EventPipeline | undefined,
  common: { subject: EventSubject; sessionId: string; availId: string },
  beacon: { adId: string; event: string },
  outcome: { sent: number; failed: number },
): void {
  if (!events) return;
  const urls = outcome.sent + outcome.failed;
  events.record({
    ...common,
    action: 'beacon',
    level: outcome.failed > 0 ? 'warning' : 'info',
    message:
      outcome.failed > 0
        ? `Beacon ${beacon.event} of ad ${beacon.adId}: ${outcome.failed} of ${urls} URL(s) failed`
        : `Beacon ${beacon.event} of ad ${beacon.adId} sent (${urls} URL(s))`,
    data: { adId: beacon.adId, event: beacon.event, urls, failed: outcome.failed },
  });
}
