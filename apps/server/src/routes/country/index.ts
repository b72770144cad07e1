import { API_PATHS, routePattern, timeZonesResponseSchema } from '@cuepoint/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedTimeZones } from './time-zones.ts';

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routePattern(API_PATHS.country.timeZones),
    {
      schema: {
        tags: ['country'],
        summary:
          "Every time zone with its current UTC offset: value '(UTC+05:30) Asia/Kolkata', numerical_value 5.5; sorted by offset, then name",
        security: [{ bearer: [] }],
        response: { 200: timeZonesResponseSchema },
      },
    },
    async () => cachedTimeZones(),
  );
};
