import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import { queryClient } from '../query-client.ts';

const retry = queryClient.getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;

describe('the query client retry policy', () => {
  it('tries a failed query once more', () => {
    expect(retry(0, new ApiError(500, undefined))).toBe(true);
    expect(retry(1, new ApiError(500, undefined))).toBe(false);
  });

  it('does not retry a request refused because the session was closing (it would go out after the logout)', () => {
    const closed = new ApiError(0, undefined);
    closed.sessionClosed = true;
    expect(retry(0, closed)).toBe(false);
  });
});
