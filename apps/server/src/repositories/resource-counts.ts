import type { Db } from '../db/client.ts';

/**
 * How many live channels and VOD assets a customer has configured: an account with any may not
 * be de-activated (spec section 8). There are no channel or VOD tables yet; the issue that adds
 * the streams (Live channels and VOD, routes /streams-live and /streams-vod) replaces this body
 * with a count over them. Until then no customer has any.
 */
export async function countChannelsAndVods(_db: Db, _customerId: string): Promise<number> {
  return 0;
}
