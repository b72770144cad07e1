import { type BrowserContext, test as base, type ConsoleMessage, expect } from '@playwright/test';
import { E2E_FLAGS, type E2eServer, startServer } from '../server.ts';

/**
 * Every end-to-end test imports `test` and `expect` from here, not from @playwright/test: a test
 * fails when any page it opened (the default page, a context or page it made itself, a popup)
 * throws an uncaught error or logs a console error or warning. The console shows no errors, ever
 * (issue 22).
 *
 * What a test may tolerate is named in TOLERATED below, with the reason, and only a test that
 * provokes it opts in: `test('…', async ({ page, tolerate }) => { tolerate('wrongPassword'); … })`.
 * Problems while no test runs (a `beforeAll` hook) are reported by the worker's next test.
 */

interface Tolerated {
  /** Why this message is expected, and which tests provoke it. */
  reason: string;
  type: 'error' | 'warning';
  /** The message's text. */
  text: RegExp;
  /** The URL the message is about (for "Failed to load resource", the request's). */
  url?: RegExp;
}

/** Chromium logs each 4xx/5xx answer to a page's request as a console error, whoever handles it. */
const failedResource = (status: number) =>
  new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);

/** The one allow-list. Keep each entry as narrow as the test that needs it. */
export const TOLERATED = {
  wrongPassword: {
    reason:
      'a sign-in with a wrong password is refused (401) and the page says so (console.spec, accounts.spec)',
    type: 'error',
    text: failedResource(401),
    url: /\/api\/auth\/login$/,
  },
  accountNotActive: {
    reason:
      'signing in to an account not activated yet, or not approved yet, is refused (403) and the console ' +
      'goes where spec section 8 says (accounts.spec: the sign-up flow)',
    type: 'error',
    text: failedResource(403),
    url: /\/api\/auth\/login$/,
  },
  usedResetLink: {
    reason: 'a reset link works once: the second use is refused (400) and the page says so (accounts.spec)',
    type: 'error',
    text: failedResource(400),
    url: /\/api\/auth\/new-password$/,
  },
  refusedStoredSession: {
    reason:
      'a stored token the server no longer accepts: the profile call is refused (401) and the console ' +
      'ends the session (accounts.spec, guard.spec)',
    type: 'error',
    text: failedResource(401),
    url: /\/api\/user\/getUser\/[^/]+$/,
  },
  resourceInUse: {
    reason:
      'deleting a resource another one uses is refused (409, the answer names the user) and the console ' +
      'toasts it (resources.spec)',
    type: 'error',
    text: failedResource(409),
    url: /\/api\/ssai\/[\w-]+\/[\w-]+$/,
  },
  listErrorState: {
    reason:
      "a list's error state: the live streams' list is answered 503 on purpose (screens-a11y.spec, " +
      "and the UI guide's picture of it in screenshots.shots.ts)",
    type: 'error',
    text: failedResource(503),
    url: /\/api\/ssai\/ds(\?|$)/,
  },
  abortedChunk: {
    reason:
      "a test aborts a screen's code chunk to check the console reloads once, then shows the error page " +
      '(shell.spec): Chromium logs each aborted load',
    type: 'error',
    text: /^Failed to load resource: net::ERR_FAILED$/,
    url: /\/app\/assets\/reports-[\w-]+\.js$/,
  },
} as const satisfies Record<string, Tolerated>;

export type ToleratedName = keyof typeof TOLERATED;

interface Problem {
  kind: 'pageerror' | 'console';
  type: string;
  text: string;
  url: string;
}

/** The problems of the running test (null between tests: they wait for the next one). */
let current: Problem[] | null = null;
const waiting: Problem[] = [];
const watched = new WeakSet<BrowserContext>();
/** The names the running test tolerates (reset for each test). */
const toleratedNames = new Set<ToleratedName>();

const record = (problem: Problem) => (current ?? waiting).push(problem);

function watch(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  context.on('console', (message: ConsoleMessage) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    record({ kind: 'console', type, text: message.text(), url: message.location().url });
  });
  context.on('weberror', (webError) => {
    const error = webError.error();
    record({
      kind: 'pageerror',
      type: error.name,
      text: `${error.message}\n${error.stack ?? ''}`.trim(),
      url: webError.page()?.url() ?? '',
    });
  });
}

const isTolerated = (problem: Problem, names: ReadonlySet<ToleratedName>) =>
  problem.kind === 'console' &&
  [...names].some((name) => {
    const entry: Tolerated = TOLERATED[name];
    return (
      entry.type === problem.type &&
      entry.text.test(problem.text) &&
      (!entry.url || entry.url.test(problem.url))
    );
  });

export const test = base.extend<
  { tolerate: (...names: ToleratedName[]) => void; pageProblems: undefined },
  { watchBrowser: undefined; suiteServer: E2eServer }
>({
  // Each worker has its own production server (a fresh demo seed on its own port and DATA_DIR),
  // so specs in different workers never see each other's records. Helpers outside a fixture
  // read its address and data directory from the worker's environment.
  suiteServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use, workerInfo) => {
      const server = await startServer(`suite-${workerInfo.workerIndex}`, E2E_FLAGS);
      process.env.CUEPOINT_E2E_URL = server.url;
      process.env.CUEPOINT_E2E_DATA_DIR = server.dataDir;
      await use(server);
      await server.stop();
    },
    // Migrating and seeding a fresh database takes seconds on a busy machine.
    { scope: 'worker', auto: true, timeout: 90_000 },
  ],
  baseURL: async ({ suiteServer }, use) => {
    await use(suiteServer.url);
  },
  // Every context the worker's browser makes (browser.newContext, browser.newPage) is watched.
  watchBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        watch(context);
        return context;
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (...args) => {
        const page = await newPage(...args);
        watch(page.context());
        return page;
      };
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    watch(context);
    await use(context);
  },
  tolerate: async ({ pageProblems: _ }, use) => {
    await use((...names) => {
      for (const name of names) toleratedNames.add(name);
    });
  },
  pageProblems: [
    async ({ watchBrowser: _ }, use) => {
      const problems: Problem[] = waiting.splice(0);
      current = problems;
      toleratedNames.clear();
      await use(undefined);
      current = null;
      const left = problems.filter((problem) => !isTolerated(problem, toleratedNames));
      expect(
        left.map((p) => `${p.kind === 'pageerror' ? 'uncaught' : `console.${p.type}`}: ${p.text} (${p.url})`),
        'no uncaught page error and no console error or warning (e2e/tests/fixtures.ts)',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
export { expect };
