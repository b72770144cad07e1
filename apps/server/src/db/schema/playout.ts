import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { liveStreams, streamerChannels } from './resources.ts';

/**
 * Playout (/playout): which streamer channels run as live channels. A channel runs while
 * `startedAt` is set (its programme is a pure function of that time, see src/edge/playout/); stop
 * clears it. `liveStreamId` is the live stream that stitches the channel's origin
 * (`<PUBLIC_URL>/playout/<channelId>/`), created on the first start in the channel's customer and
 * kept across stops; deleting that stream clears it (the next start makes a new one).
 */
export const playoutChannels = pgTable(
  'playout_channels',
  {
    channelId: uuid()
      .primaryKey()
      .references(() => streamerChannels.id, { onDelete: 'cascade' }),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    startedAt: timestamp({ withTimezone: true }),
    liveStreamId: uuid().references(() => liveStreams.id, { onDelete: 'set null' }),
    /** E-mail of who last started it. */
    startedBy: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('playout_channels_customer_idx').on(t.customerId)],
);

export type PlayoutRow = typeof playoutChannels.$inferSelect;
