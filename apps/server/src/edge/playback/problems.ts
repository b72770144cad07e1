/**
 * The playback routes' refusals, all RequestProblems answered by plugins/errors.ts. An origin that
 * gives nothing usable is a 502 whose message must reach the player's operator, so it is exposed
 * (the shared handler shows it), as is a session refused for want of room (sessions.ts
 * SessionRefused, which routes.ts hands on as an exposed 503 with Retry-After).
 */
import { notFound, RequestProblem } from '../../lib/request-problem.ts';
import type { SafeFetchError } from '../fetch/safe-fetch.ts';

export const PLAYBACK_TEXTS = {
  unknownStream: (id: string) =>
    `No active live stream ${id}: check the stream id and that the stream is active`,
  unknownVod: (id: string) => `No active VOD asset ${id}: check the asset id and that the asset is active`,
  unknownSession:
    'Unknown or expired playback session: request the stream’s master.m3u8 again (or POST a new session)',
  unknownRendition: 'No such rendition in this playback session: use the URIs of the session’s master.m3u8',
  refused: (detail: string) =>
    `The stream’s source was refused: ${detail}. Playback fetches public addresses only, the server’s own ` +
    'host, and the hosts listed in PLAYBACK_ALLOW_HOSTS',
  originFailed: (detail: string) => `The stream’s origin gave no usable playlist: ${detail}`,
  sessionsPerAddress: (limit: number, playingS: number) =>
    `Too many playback sessions of this stream from one address: its ${limit} sessions all played ` +
    `within the last ${playingS} s. Try again after Retry-After seconds (a session that has had no ` +
    `request for ${playingS} s makes room)`,
  sessionsFull: (limit: number, playingS: number) =>
    `The playback server holds as many viewer sessions as it may (${limit}), all played within the ` +
    `last ${playingS} s. Try again after Retry-After seconds (a session that has had no request ` +
    `for ${playingS} s makes room)`,
} as const;

export const unknownStream = (id: string) => notFound(PLAYBACK_TEXTS.unknownStream(id));
export const unknownVod = (id: string) => notFound(PLAYBACK_TEXTS.unknownVod(id));
export const unknownSession = () => notFound(PLAYBACK_TEXTS.unknownSession);
export const unknownRendition = () => notFound(PLAYBACK_TEXTS.unknownRendition);

/** The origin (or the source URL itself) gave nothing to serve: answered 502 with the reason. */
export class OriginProblem extends RequestProblem {
  declare readonly statusCode: 502;

  constructor(message: string) {
    super(502, message, { exposed: true });
    this.name = 'OriginProblem';
  }

  static of(error: SafeFetchError): OriginProblem {
    return new OriginProblem(
      error.kind === 'refused'
        ? PLAYBACK_TEXTS.refused(error.message)
        : PLAYBACK_TEXTS.originFailed(error.message),
    );
  }
}
