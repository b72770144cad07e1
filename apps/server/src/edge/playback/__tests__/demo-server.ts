/**
 * A real server on a real port, seeded with its own public URL, so the seeded demo streams and
 * assets play from its built-in demo origin and ad server (what `npm start` gives a newcomer).
 * The server's clock is the caller's: the demo origin's window and the data plane follow it.
 */
import { buildApp } from '../../../app.ts';
import type { Database } from '../../../db/client.ts';
import { fakeConsoleBuild, freshDatabase, loginAs, type TestApp, testEnv } from '../../../test/helpers.ts';
import { freePort } from '../../../test/ports.ts';

export interface DemoServer {
  app: TestApp;
  /** http://127.0.0.1:PORT */
  base: string;
  /** A seeded record of the demo customer by name, from its list API (`/api/ssai/ds`...). */
  seeded<T extends { _id: string; name: string }>(listPath: string, name: string): Promise<T>;
  close(): Promise<void>;
}

export async function startDemoServer(clock: () => number): Promise<DemoServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const database: Database = await freshDatabase(base);
  const env = testEnv({ PUBLIC_URL: base, PORT: String(port) });
  const built = await buildApp({ env, database, webDist: await fakeConsoleBuild(), clock });
  await built.listen({ port, host: '127.0.0.1' });
  const app: TestApp = Object.assign(built, { dataDir: env.DATA_DIR });
  return {
    app,
    base,
    async seeded<T extends { _id: string; name: string }>(listPath: string, name: string) {
      const { headers } = await loginAs(app, 'customer');
      const list = (await app.inject({ url: `${listPath}?pageSize=All`, headers })).json() as { data: T[] };
      const row = list.data.find((r) => r.name === name);
      if (!row) throw new Error(`no seeded record named ${name} in ${listPath}`);
      return row;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** GET with the status, content type and text. */
export const get = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};
