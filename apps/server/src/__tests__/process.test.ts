import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed.ts';
import { freePort } from '../test/ports.ts';

// The server as a real process: start-up banner, graceful Ctrl-C, data kept across restarts,
// and a bad environment variable refused. Always on the embedded database (what `npm start` uses).
const MAIN = new URL('../main.ts', import.meta.url).pathname;

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// Generous bounds: on a busy 2-core machine (CI beside other work) compiling and starting the
// server took over 45 s; these are limits on a hang, not expectations of speed.
async function waitForBanner(proc: ReturnType<typeof start>, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.output().includes('Press Ctrl-C to stop')) return;
    if (proc.child.exitCode !== null) throw new Error(`server exited early:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no start-up banner:\n${proc.output()}`);
}

const stopWithCtrlC = async (child: ChildProcess, exited: Promise<number | null>) => {
  child.kill('SIGINT');
  return exited;
};

// Runs in the PGlite project only: the process under test always uses the embedded database,
// so a second run in the PostgreSQL project would test nothing new.
describe.skipIf(process.env.CUEPOINT_TEST_DB === 'postgres')('the server process', () => {
  it('prints the URLs and demo logins, shuts down cleanly on Ctrl-C, and reuses its data', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cuepoint-proc-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };

    const first = start(env);
    await waitForBanner(first);
    const banner = first.output();
    expect(banner).toContain(`http://127.0.0.1:${port}/app/`);
    expect(banner).toContain(`http://127.0.0.1:${port}/api/docs`);
    expect(banner).toContain(`${DEMO_ACCOUNTS.admin.email}  /  ${DEMO_ACCOUNTS.admin.password}`);
    expect(banner).toContain(`${DEMO_ACCOUNTS.customer.email}  /  ${DEMO_ACCOUNTS.customer.password}`);
    expect(banner).toContain('demo data seeded');

    const base = `http://127.0.0.1:${port}`;
    // A request in flight when Ctrl-C arrives (its body still arriving) still gets its answer.
    const body = JSON.stringify({
      email: DEMO_ACCOUNTS.customer.email,
      password: DEMO_ACCOUNTS.customer.password,
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${base}/api/auth/login`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        first.child.kill('SIGINT');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 300);
    });
    const login = await answer;
    expect(login.status).toBe(200);
    const { token, user } = JSON.parse(login.text) as { token: string; user: { _id: string } };
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = start(env);
    try {
      await waitForBanner(second);
      expect(second.output()).not.toContain('demo data seeded');
      // The session made before the restart is still there: same database.
      const again = await fetch(`${base}/api/user/getUser/${user._id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(again.status).toBe(200);
      // One JSON line per request, its URL's secrets cut (a mailed reset link carries a token).
      await fetch(`${base}/app/new-password?email=a%40b.example&token=SECRET-RESET-TOKEN`);
      // Its log line arrives through the pipe a moment after the answer.
      for (
        let waited = 0;
        waited < 60_000 && !second.output().includes('/app/new-password?');
        waited += 100
      ) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const lines = second
        .output()
        .split('\n')
        .filter((line) => line.includes('/api/user/getUser/'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ req: { method: 'GET' }, res: { statusCode: 200 } });
      expect(second.output()).not.toContain('incoming request');
      expect(second.output()).toContain('/app/new-password?email=%5BREDACTED%5D&token=%5BREDACTED%5D');
      expect(second.output()).not.toContain('SECRET-RESET-TOKEN');

      // A second process on the same embedded database refuses to start, naming the first.
      const third = start({ ...env, PORT: String(await freePort()) });
      expect(await third.exited).toBe(1);
      expect(third.output()).toContain(`Another Cuepoint process (pid ${second.child.pid}`);
      expect(third.output()).toContain('DATABASE_URL');
    } finally {
      expect(await stopWithCtrlC(second.child, second.exited)).toBe(0);
    }
  }, 720_000);

  it('refuses to start on a bad environment value, naming the variable and what it accepts', async () => {
    const proc = start({ PORT: 'eighty', DATA_DIR: await mkdtemp(join(tmpdir(), 'cuepoint-proc-')) });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('PORT accepts a whole number from 1 to 65535');
  }, 240_000);
});
