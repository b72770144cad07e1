import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type UserRow, users, userTokens } from '../db/schema/index.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

export type TokenPurpose = 'activation' | 'reset' | 'invite';

/** How long a mailed link stays usable. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  activation: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

/** A user's unused tokens of one purpose stop working (a de-activated member's invite). */
export async function revokeUserTokens(db: DbOrTx, userId: string, purpose: TokenPurpose, now = new Date()) {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/** A fresh single-use token; earlier unused tokens of the same purpose stop working. */
export async function issueUserToken(db: DbOrTx, userId: string, purpose: TokenPurpose, now = new Date()) {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
    await tx.insert(userTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    });
  });
  return token;
}

/**
 * Uses a token once: answers its user when the token exists, has this purpose, belongs to this
 * email, is unused and unexpired; marks it used in the same statement, so two concurrent uses
 * cannot both succeed. Runs inside the caller's transaction.
 */
export async function consumeUserToken(
  db: DbOrTx,
  params: { email: string; token: string; purpose: TokenPurpose; now?: Date },
): Promise<UserRow | undefined> {
  const now = params.now ?? new Date();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, params.email.trim().toLowerCase()))
    .limit(1);
  if (!user) return undefined;
  const [used] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(params.token)),
        eq(userTokens.userId, user.id),
        eq(userTokens.purpose, params.purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ id: userTokens.id });
  return used ? user : undefined;
}
