/** A 403 refusing what the plan lacks (planFeature) is the caller's to show, not a lost session. */
import { upgradePromptOf } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import { endsSession } from '../session.ts';

const answer = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, { statusCode: status, error: 'Forbidden', message: 'refused', ...body });

describe('endsSession and plan refusals', () => {
  it('keeps the session on a 403 naming a plan feature', () => {
    const error = answer(403, {
      message: upgradePromptOf('ssai_advanced_ad_suite'),
      planFeature: 'ssai_advanced_ad_suite',
      showMessage: true,
    });
    expect(endsSession(error)).toBe(false);
  });

  it('still ends it on any other 403, and on 400 to 402', () => {
    expect(endsSession(answer(403, {}))).toBe(true);
    for (const status of [400, 401, 402])
      expect(endsSession(answer(status, { planFeature: 'enhanced_api' }))).toBe(true);
  });
});
