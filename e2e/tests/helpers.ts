import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@cuepoint.example', password: 'Cuepoint#Admin1' },
  customer: { email: 'demo@cuepoint.example', password: 'Cuepoint#Demo1' },
} as const;

/**
 * The last mail to an address (with this subject, when given) the server wrote to its outbox
 * (DATA_DIR/outbox, the default without SMTP_URL). Reset and activation mails are written after
 * the answer, so this waits for one to arrive.
 */
export async function lastMailTo(
  to: string,
  subject?: string,
): Promise<{ subject: string; text: string; links: string[] }> {
  const dir = join(process.env.CUEPOINT_E2E_DATA_DIR!, 'outbox');
  const find = async () => {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
    for (const name of names.reverse()) {
      const mail = JSON.parse(await readFile(join(dir, name), 'utf8'));
      if (mail.to === to && (subject === undefined || mail.subject === subject)) return mail;
    }
    return undefined;
  };
  await expect.poll(find, { message: `a mail to ${to} in the outbox`, timeout: 10_000 }).toBeDefined();
  return (await find())!;
}

/** The path and query of a mailed link, to open on the server under test. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

export async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/**
 * Moves the running console to `path` as Back/Forward would (a popstate), keeping its in-memory
 * state (User View, the session). The history entry is written as React Router writes its own
 * (its index one past the current entry's), so the router, and the unsaved-changes blocker it
 * holds, takes the popstate as one of its navigations.
 */
export async function popStateTo(page: Page, path: string) {
  await page.evaluate((to) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: `e2e${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** A signed-up, activated and approved customer user, made through the real API and outbox. */
export async function createActiveUser(request: APIRequestContext, email: string, password: string) {
  const signup = await request.post('/api/auth/signup', {
    data: {
      firstName: 'Rita',
      lastName: 'Reset',
      email,
      mobilePhone: '+1 555 0199',
      organizationType: 'Agency',
      country: 'CA',
      password,
      repeatPassword: password,
    },
  });
  expect(signup.status()).toBe(201);
  const link = new URL((await lastMailTo(email)).links[0]!);
  const activate = await request.post('/api/auth/activate', {
    data: { email, token: link.searchParams.get('token') },
  });
  expect(activate.status()).toBe(200);
  const admin = await (await request.post('/api/auth/login', { data: DEMO.admin })).json();
  const headers = { authorization: `Bearer ${admin.token}` };
  const pending = await (await request.get('/api/customer/pending', { headers })).json();
  const customer = pending.find((c: { users: { email: string }[] }) =>
    c.users.some((u) => u.email === email),
  );
  expect((await request.post(`/api/customer/approve/${customer._id}`, { headers })).status()).toBe(200);
}

/**
 * A member of an owner's team with a role, made as the console makes one: the owner invites
 * them through the real API (POST team/members) and they set their password from the mailed link.
 */
export async function createTeamMember(
  request: APIRequestContext,
  owner: { email: string; password: string },
  member: { email: string; password: string },
  role: 'owner' | 'editor' | 'viewer',
) {
  const login = await request.post('/api/auth/login', { data: owner });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const invite = await request.post('/api/team/members', {
    headers,
    data: { email: member.email, firstName: 'Vera', lastName: 'Viewer', role },
  });
  expect(invite.status()).toBe(201);
  const link = new URL((await lastMailTo(member.email)).links[0]!);
  const accept = await request.post('/api/team/accept-invite', {
    data: {
      email: member.email,
      token: link.searchParams.get('token'),
      password: member.password,
      repeatPassword: member.password,
    },
  });
  expect(accept.status()).toBe(200);
}

/** The console's display preferences cookie (apps/web/src/lib/preferences.ts), set before a page loads. */
export async function setPreferences(
  context: BrowserContext,
  preferences: {
    colorScheme?: 'light' | 'dark';
    direction?: 'ltr' | 'rtl';
    sidebar?: 'normal' | 'compact' | 'minimised';
  },
) {
  const value = new URLSearchParams(
    Object.entries({ colorScheme: 'light', direction: 'ltr', sidebar: 'normal', ...preferences }),
  ).toString();
  await context.addCookies([
    { name: 'cuepoint-ui', value: encodeURIComponent(value), url: `${process.env.CUEPOINT_E2E_URL}/app/` },
  ]);
}

/**
 * The four looks a screen's screenshots and axe are taken in: light, dark, a phone's width and
 * right to left (the screen's width unless the look names one).
 */
export const LOOKS = [
  { name: 'light', colorScheme: 'light', direction: 'ltr', width: 1280 },
  { name: 'dark', colorScheme: 'dark', direction: 'ltr', width: 1280 },
  { name: 'phone', colorScheme: 'light', direction: 'ltr', width: 390 },
  { name: 'rtl', colorScheme: 'light', direction: 'rtl', width: 1280 },
] as const;
export type Look = (typeof LOOKS)[number];

/** Puts the browser in a look (its preferences cookie and viewport), before the console loads. */
export async function applyLook(page: Page, look: Look) {
  await setPreferences(page.context(), { colorScheme: look.colorScheme, direction: look.direction });
  await page.setViewportSize({ width: look.width, height: 844 });
}

/**
 * The page as it looks now: a full-page screenshot at e2e/screenshots/{name}-{look}.png, and
 * axe's serious and critical violations (expected to be empty).
 */
export async function shootLook(page: Page, name: string, look: Look): Promise<string[]> {
  await page.screenshot({ path: `e2e/screenshots/${name}-${look.name}.png`, fullPage: true });
  return seriousViolations(page, `${name} ${look.name}: `);
}

/**
 * Forgets the signed-in user in this browser (cookies, local and session storage), as a test does
 * before signing in as someone else. The page leaves the console first, for a same-origin page
 * without it (the health answer): a console still open kept polling (the alarm bell) and its next
 * call, refused 401, was a console error.
 */
export async function forgetSession(page: Page) {
  await page.goto('/api/health');
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * Axe on `page`, as every end-to-end check runs it: inside the page, keeping only the violations'
 * nodes (by default every passing node came back to the test: 12 MB for the API guide's 6,000
 * elements, 40 s where axe's checks take 8). The same checks @axe-core/playwright's legacy mode
 * made (axe-core's `run` in the page, same-origin frames), without its cost on every call: it
 * sent axe's 550 kB source into the page twice and configured it again each time (300 ms a call
 * against 155 ms for the run itself, on the console's live streams). Here a page load gets axe
 * once. `withRules` and `disableRules` set the options as AxeBuilder's did.
 */
export async function axeOn(page: Page) {
  const { default: axe } = await import('axe-core');
  const options: import('axe-core').RunOptions = { resultTypes: ['violations'] };
  const runner = {
    withRules(rules: string[]) {
      options.runOnly = { type: 'rule', values: rules };
      return runner;
    },
    disableRules(rules: string[]) {
      options.rules = Object.fromEntries(rules.map((id) => [id, { enabled: false }]));
      return runner;
    },
    async analyze(): Promise<import('axe-core').AxeResults> {
      for (const frame of page.frames()) {
        if (await frame.evaluate(() => 'axe' in window)) continue;
        await frame.evaluate(axe.source);
        await frame.evaluate(() =>
          (window as unknown as { axe: typeof import('axe-core') }).axe.configure({
            allowedOrigins: ['<same_origin>'],
          }),
        );
      }
      return page.evaluate(
        (runOptions) =>
          (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, runOptions),
        options,
      );
    },
  };
  return runner;
}

/** Axe on the page: the serious and critical violations, one line each (expected to be empty). */
export async function seriousViolations(page: Page, label = ''): Promise<string[]> {
  const { violations } = await (await axeOn(page)).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(' | ')}`,
    );
}

/** A real PNG of the given size (solid colour), for upload tests. */
export function makePng(
  width: number,
  height: number,
  rgb: [number, number, number] = [214, 51, 108],
): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 4 s MP4 (H.264 and AAC) from ffmpeg's test sources. */
export function makeMp4(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'cuepoint-e2e-creative-')), 'spot.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25:duration=4',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=4',
    '-c:a',
    'aac',
    '-shortest',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}
