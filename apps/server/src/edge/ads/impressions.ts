/**
 * The impression beacon each decided ad carries: its claim (campaign, customer, stream, revenue,
 * decision time, serving id), signed so that nobody can forge or alter one, and honoured for
 * IMPRESSION_TTL_S. Counting it once is counters.ts's (recordImpression, by serving id).
 */
import { ADS_PATHS } from '@cuepoint/core';
import type { SecretBox } from '../../lib/secret-box.ts';

/** How long an impression beacon is honoured after the decision. */
export const IMPRESSION_TTL_S = 3 * 86_400;
const SIGN_PURPOSE = 'ad-impression';

/** The fields of an impression beacon (query parameters), in their signing order. */
export interface ImpressionClaim {
  /** Campaign. */
  c: string;
  /** Customer. */
  u: string;
  /** Stream or asset (the nil id for none). */
  r: string;
  /** Revenue of the impression in millicents (the CPM in cents at the decision). */
  m: number;
  /** When it was decided (epoch seconds). */
  t: number;
  /** The serving id. */
  i: string;
}

export const impressionMessage = (claim: ImpressionClaim) =>
  [claim.c, claim.u, claim.r, claim.m, claim.t, claim.i].join('|');

/** The signed beacon URL of `claim`, on `base` (the ad handler's, else the public URL). */
export function signedImpressionUrl(
  signer: Pick<SecretBox, 'sign'>,
  base: string,
  claim: ImpressionClaim,
): string {
  const signature = signer.sign(SIGN_PURPOSE, impressionMessage(claim));
  const q = new URLSearchParams({
    c: claim.c,
    u: claim.u,
    r: claim.r,
    m: String(claim.m),
    t: String(claim.t),
    i: claim.i,
    s: signature,
  });
  return `${base}${ADS_PATHS.impression}?${q.toString()}`;
}

/** Whether a beacon is ours, unaltered and recent enough at `nowMs`. */
export function checkImpression(
  signer: Pick<SecretBox, 'verify'>,
  claim: ImpressionClaim,
  signature: string,
  nowMs: number,
): 'ok' | 'forged' | 'expired' {
  if (!signer.verify(SIGN_PURPOSE, impressionMessage(claim), signature)) return 'forged';
  const age = nowMs / 1000 - claim.t;
  return age > IMPRESSION_TTL_S || age < -300 ? 'expired' : 'ok';
}
