import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv, runtimeConfigOf } from '../env.ts';

const problemsOf = (source: Record<string, string>) => {
  try {
    loadEnv(source);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
};

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      MONITOR: 1,
      MANUAL: 0,
      BASE_URL: '/api/',
      UI_TIMEOUT: 30000,
      ALARMTIMEOUT: 30000,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('reads the flags and time-outs an operator sets', () => {
    const env = loadEnv({
      MONITOR: '0',
      PLAYOUT: '0',
      SHOWPODS: '0',
      UI_TIMEOUT: '12000',
      BASE_URL: 'https://api.example.com/',
      PLAYBACK_URL: 'https://play.example.com/',
    });
    expect(runtimeConfigOf(env)).toMatchObject({
      MONITOR: 0,
      PLAYOUT: 0,
      SHOWPODS: 0,
      UI_TIMEOUT: 12000,
      BASE_URL: 'https://api.example.com/',
      PLAYBACK_URL: 'https://play.example.com',
    });
    // Unset: the console's own origin.
    expect(runtimeConfigOf(loadEnv({})).PLAYBACK_URL).toBe('');
    expect(() => loadEnv({ PLAYBACK_URL: 'play.example.com' })).toThrow(/PLAYBACK_URL/);
  });

  it('reads which proxies to trust', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('treats an empty value as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: '' });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT accepts a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT accepts a whole number from 1 to 65535'],
    [{ MONITOR: 'yes' }, 'MONITOR accepts 0 or 1'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL accepts fatal, error, warn, info, debug, trace, silent'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL accepts a URL starting with postgres:// or postgresql://'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL accepts a URL starting with redis:// or rediss://'],
    [{ UI_TIMEOUT: '-5' }, 'UI_TIMEOUT accepts a whole number from 1 to'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY accepts true, false, a hop count'],
    // A range Fastify cannot read stopped the start with a stack trace before.
    [{ TRUST_PROXY: '10.0.0.0/99' }, 'TRUST_PROXY accepts true, false, a hop count'],
    [{ ADS_TRUSTED_CALLERS: '10.0.0.0/8, nope' }, 'ADS_TRUSTED_CALLERS accepts comma-separated addresses'],
    [{ SECRET_KEY: 'abc' }, 'SECRET_KEY accepts 64 hexadecimal characters (32 bytes)'],
  ])('names the variable and what it accepts: %o', (source, message) => {
    const problems = problemsOf(source);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it('reads where events go and how long they are kept; a Redis broker needs REDIS_URL', () => {
    expect(loadEnv({})).toMatchObject({
      EVENTS_BROKER: 'database',
      EVENTS_FLUSH_MS: 1000,
      EVENTS_RETENTION_DAYS: 7,
      COUNTERS_RETENTION_DAYS: 400,
    });
    expect(
      loadEnv({ EVENTS_BROKER: 'redis', REDIS_URL: 'redis://cache:6379', EVENTS_RETENTION_DAYS: '30' }),
    ).toMatchObject({ EVENTS_BROKER: 'redis', EVENTS_RETENTION_DAYS: 30 });
    expect(problemsOf({ EVENTS_BROKER: 'redis' })).toEqual(['EVENTS_BROKER: redis needs REDIS_URL']);
    expect(problemsOf({ EVENTS_BROKER: 'nats' })).toEqual(['EVENTS_BROKER accepts database or redis']);
    expect(problemsOf({ EVENTS_FLUSH_MS: '0' })).toEqual([expect.stringContaining('EVENTS_FLUSH_MS')]);
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', ENCODER: '2' })).toEqual([
      expect.stringContaining('PORT'),
      expect.stringContaining('ENCODER accepts 0 or 1'),
    ]);
  });
});
