import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client.ts';
import { countChannelsAndVods } from '../repositories/resources.ts';

/** Counts of a customer's resources that routes decide by (de-activation); tests may replace them. */
export interface ResourceCounts {
  channelsAndVods(db: DbOrTx, customerId: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    resourceCounts: ResourceCounts;
  }
}

export const resourceCountsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('resourceCounts', { channelsAndVods: countChannelsAndVods } satisfies ResourceCounts);
});
