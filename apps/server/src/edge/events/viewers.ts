/**
 * Viewers per minute across processes. A viewer is a session that asked for a playlist in the
 * minute; each process knows only the sessions it served, and one session may reach several
 * processes in a minute (a load balancer without affinity). With Redis there, every process adds
 * the sessions new to it into one HyperLogLog per resource and minute, and takes as its share of
 * the minute's viewers what the HyperLogLog's count grew beyond what all processes reported so
 * far (one script: atomic). The shares add up, in playback_minutes, to the distinct sessions of
 * the minute (HyperLogLog: exact for small counts, within about 1% for large ones), in 12 kB per
 * resource and minute whatever the audience. Without Redis (the embedded single process) the
 * process's own distinct sessions are the count.
 */
import type { Redis } from 'ioredis';

export interface ViewerCounter {
  /**
   * Adds sessions new to this process to the resource's minute (ms); answers how many viewers
   * this process adds to the minute's count (the distinct sessions no process reported yet).
   */
  add(resourceId: string, minute: number, sessions: readonly string[]): Promise<number>;
}

/** Sessions per script call (Lua's unpack takes a few thousand at most). */
const SESSIONS_PER_CALL = 1_000;
/** How long a minute's keys are kept: its counts arrive within seconds, retried within minutes. */
const KEEP_S = 15 * 60;

/** KEYS: the minute's HyperLogLog, what was reported of it; ARGV: the keep time, then sessions. */
const ADD_SCRIPT = `
redis.call('PFADD', KEYS[1], unpack(ARGV, 2))
redis.call('EXPIRE', KEYS[1], ARGV[1])
local count = redis.call('PFCOUNT', KEYS[1])
local reported = tonumber(redis.call('GET', KEYS[2]) or '0')
if count <= reported then return 0 end
redis.call('SET', KEYS[2], count, 'EX', ARGV[1])
return count - reported
`;

export class RedisViewerCounter implements ViewerCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'cuepoint:viewers:',
  ) {}

  async add(resourceId: string, minute: number, sessions: readonly string[]): Promise<number> {
    // One hash slot for both keys (a Redis cluster runs the script on one node).
    const key = `${this.prefix}{${resourceId}:${minute}}`;
    let added = 0;
    for (let i = 0; i < sessions.length; i += SESSIONS_PER_CALL) {
      const chunk = sessions.slice(i, i + SESSIONS_PER_CALL);
      added += Number(await this.redis.eval(ADD_SCRIPT, 2, key, `${key}:reported`, KEEP_S, ...chunk));
    }
    return added;
  }
}
