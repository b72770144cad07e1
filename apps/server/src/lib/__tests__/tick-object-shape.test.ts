import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed.ts';
import { freePort } from '../../test/ports.ts';

// The server as `npm start` runs it (main.ts on the embedded database, whose pg_trgm extension
// used to put Node's nextTick on V8's slow path for good), asked after real requests how V8 sees
// nextTick's object literal. Without lib/tick-object-shape.ts each of the literal's computed and
// named keys after the first reads MEGAMORPHIC here.
const MAIN = new URL('../../main.ts', import.meta.url).pathname;
const PROBE = new URL('../../test/feedback-probe.mjs', import.meta.url).pathname;

async function waitFor(output: () => string, text: string, exited: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (output().includes(text)) return;
    if (exited()) throw new Error(`the server exited:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no "${text}" in:\n${output()}`);
}

// The process always runs on the embedded database: once, in the PGlite run of the suite.
describe.skipIf(process.env.CUEPOINT_TEST_DB === 'postgres')('tick object shape', () => {
  it('keeps the keys of nextTick’s literal monomorphic in the running server', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'cuepoint-tick-'));
    // Standard output into a file, not a pipe: V8 prints through C's stdio, and Node makes a pipe
    // non-blocking, where a write that finds it full (a busy machine, a slow reader) is dropped.
    const stdoutFile = join(dataDir, 'stdout.txt');
    const stdoutFd = openSync(stdoutFile, 'w');
    const child = spawn(
      process.execPath,
      ['--allow-natives-syntax', '--import', PROBE, '--import', 'tsx', MAIN],
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          DATABASE_URL: '',
          REDIS_URL: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(dataDir, 'data'),
        },
        stdio: ['pipe', stdoutFd, 'pipe'],
      },
    );
    closeSync(stdoutFd);
    const { stdin, stderr } = child;
    if (!stdin || !stderr) throw new Error('no stdin or stderr pipe');
    let errors = '';
    stderr.on('data', (c) => {
      errors += c;
    });
    const output = () => `${readFileSync(stdoutFile, 'utf8')}${errors}`;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await waitFor(output, 'Press Ctrl-C to stop', () => child.exitCode !== null);
      // Real requests through the whole pipeline: sign-in, then authenticated reads.
      const origin = `http://127.0.0.1:${port}`;
      const demo = DEMO_ACCOUNTS.customer;
      const login = await fetch(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demo.email, password: demo.password }),
      });
      expect(login.status).toBe(200);
      const { token, user } = (await login.json()) as { token: string; user: { _id: string } };
      const headers = { authorization: `Bearer ${token}`, 'user-id': user._id, 'auth-type': 'reg' };
      for (let i = 0; i < 200; i++) {
        const answer = await fetch(`${origin}/api/user/getUser/${user._id}`, { headers });
        expect(answer.status).toBe(200);
        await answer.arrayBuffer();
      }
      stdin.write('print\n');
      await waitFor(output, 'feedback printed', () => child.exitCode !== null);
      const printed = output();
      const literalKeys = printed
        .split('\n')
        .filter((line) => line.includes('DefineKeyedOwnPropertyInLiteral'));
      // Each of the literal's keys (four on Node 20, five on Node 24), seen with one shape: none
      // given up on.
      expect(literalKeys.length, printed.slice(0, 4000)).toBeGreaterThanOrEqual(4);
      for (const line of literalKeys) expect(line).toContain('MONOMORPHIC');
    } finally {
      child.kill('SIGINT');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
