import { healthResponseSchema } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
// zod's own configuration, read past the console's alias of `zod` (vite.config.ts).
import { config } from 'zod/v4/core';

// Issue 46: zod's `new Function('')` probe raised a CSP eval violation on every console page.
// e2e/tests/csp.spec.ts checks the built console in Chromium; this checks the wiring.
describe("the console's zod", () => {
  it("is jitless for core's schemas: their `zod` import is the console's configured module", () => {
    // This file imports zod only past the alias: jitless is on because core's import went through it.
    expect(config().jitless).toBe(true);
  });

  it('parses as before without compiled parsers', () => {
    const answer = {
      status: 'ok',
      database: { reachable: true, driver: 'pglite', latencyMs: 1 },
      version: '0.1.0',
      uptimeSeconds: 2,
      extra: 'dropped',
    };
    const { extra: _, ...expected } = answer;
    expect(healthResponseSchema.parse(answer)).toEqual(expected);
    expect(healthResponseSchema.safeParse({ ...answer, status: 'down' }).error?.issues[0]?.path).toEqual([
      'status',
    ]);
  });
});
