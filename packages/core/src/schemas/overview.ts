import { z } from 'zod';
import { alarmSchema } from './alarm.ts';

/**
 * GET /overview/summary: what the /overview dashboard shows. A main administrator (not in
 * login-as) gets the platform scope with customer, review and alarm counts and the newest alarms;
 * everyone else (and an administrator acting as someone) gets its own customer's counts only.
 */
export const overviewCountsSchema = z.object({
  /** Users of the scope. */
  users: z.number().int().nonnegative(),
  /** Users who may sign in: email confirmed and account reviewed. */
  activeUsers: z.number().int().nonnegative(),
  /** Live sign-ins: sessions neither expired, revoked nor replaced by a rotated token. */
  activeSessions: z.number().int().nonnegative(),
  /** Platform scope only: every customer account. */
  customers: z.number().int().nonnegative().optional(),
  /** Platform scope only: customers whose sign-up review has not ended. */
  pendingReview: z.number().int().nonnegative().optional(),
  /** Platform scope only: alarms raised in the last 24 hours. */
  alarms24h: z.number().int().nonnegative().optional(),
  /** The scope's resources (spec section 2's Streams, Slates and Encoder screens). */
  liveStreams: z.number().int().nonnegative(),
  vodAssets: z.number().int().nonnegative(),
  streamerChannels: z.number().int().nonnegative(),
  slates: z.number().int().nonnegative(),
  /** Only for whoever sees the Encoder entry (runtime flag ENCODER=1). */
  encoders: z.number().int().nonnegative().optional(),
});
export type OverviewCounts = z.infer<typeof overviewCountsSchema>;

/** How many alarms the platform overview lists. */
export const OVERVIEW_RECENT_ALARMS = 5;

export const overviewResponseSchema = z.object({
  scope: z.enum(['platform', 'customer']),
  counts: overviewCountsSchema,
  /** Newest first; empty in the customer scope. */
  recentAlarms: z.array(alarmSchema),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
