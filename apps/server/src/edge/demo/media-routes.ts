import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/request-problem.ts';
import { PLAYLIST_TYPE } from './catalog.ts';
import { CACHE, type DemoContext } from './context.ts';

/**
 * The committed media files: `/demo/media/<path>` (any asset: content, slate, ads) and
 * `/demo/ads/media/<ad>/...` (the creatives, as the VAST answers name them). Only files the
 * catalog listed at start-up are served, looked up by their exact relative path, so no request
 * can reach another file: a `..` is refused outright, anything else unknown is a 404.
 */

const wildcard = z.object({ '*': z.string() });

export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: DemoContext }> = async (app, { ctx }) => {
  const send = (reply: FastifyReply, path: string) => {
    if (path.split(/[\\/]/).some((part) => part === '..' || part === '.')) {
      throw badRequest(`Demo media paths may not contain "." or ".." segments: "${path}"`);
    }
    const file = ctx.catalog.files.get(path);
    if (!file) throw notFound(`No demo media file "${path}"`);
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', file.contentType === PLAYLIST_TYPE ? CACHE.playlist : CACHE.segment)
      .send(createReadStream(file.path));
  };

  const options = { schema: { hide: true, params: wildcard }, config: { rateLimit: false } };
  app.get('/media/*', options, async (request, reply) => send(reply, request.params['*']));
  app.get('/ads/media/*', options, async (request, reply) => send(reply, `ads/${request.params['*']}`));
};
