import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import { testApp } from '../../test/helpers.ts';
import { dropAllSchemas, emptyPostgresDatabase, journalEntries, migrateUpTo } from '../../test/migrations.ts';
import { type Database, openDatabase } from '../client.ts';
import * as schema from '../schema/index.ts';

/**
 * An upgrade from every earlier schema, with data in it: for each migration N, a fresh database
 * (on PGlite: one per file with every schema dropped) migrated up to N (what a release that ended at N left a user with) gets a row in every table that
 * exists at N (values chosen from each column's type, check constraint and foreign key), then the
 * current migrations run. Every row must still be there with the values of the columns that
 * survived, every table of today's schema must read through Drizzle, and the user inserted at N
 * must sign in through the real route.
 */
const onPostgres = process.env.CUEPOINT_TEST_DB === 'postgres';
const entries = await journalEntries();
const PASSWORD = 'Migrated-Passw0rd!';
const passwordHash = await hashPassword(PASSWORD);

type Row = Record<string, unknown>;

async function rows(database: Database, text: string): Promise<Row[]> {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
}

let sharedPglite: Database | undefined;
afterAll(() => sharedPglite?.close());

/** An empty database: a new one on PostgreSQL; on PGlite one per file, emptied each time (loading a dump costs seconds). */
async function freshEmpty(): Promise<Database> {
  if (onPostgres) {
    const { url, drop } = await emptyPostgresDatabase();
    const database = await openDatabase({ driver: 'postgres', url, poolSize: 2 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await drop();
      },
    };
  }
  sharedPglite ??= await openDatabase({
    driver: 'pglite',
    loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
  });
  await dropAllSchemas(sharedPglite);
  return { ...sharedPglite, close: async () => {} };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

interface Column {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** A value for a column with no foreign key: the first literal its check constraint allows, else by type. */
function valueFor(table: string, column: Column, allowed: Map<string, string>): string {
  const fromCheck = allowed.get(`${table}.${column.name}`);
  if (fromCheck) return fromCheck;
  const t = column.type;
  if (t === 'uuid') return literal(randomUUID());
  if (/^(integer|bigint|smallint|numeric|real|double precision)$/.test(t)) return '1';
  if (t === 'boolean') return 'true';
  if (t.startsWith('timestamp') || t === 'date') return "'2025-06-01T12:00:00Z'";
  if (t === 'jsonb' || t === 'json') return `'{"name":"migrated ${table}"}'`;
  if (t === 'bytea') return "'\\x00'";
  if (t === 'interval') return "'1 minute'";
  if (t === 'inet') return "'127.0.0.1'";
  if (t === 'ARRAY') return "'{}'";
  return literal(`${table}-${column.name}-${randomUUID().slice(0, 8)}`);
}

/** The login path needs a known email and password, an active user and customer. */
const OVERRIDES: Record<string, Record<string, string>> = {
  users: {
    email: "'migrated@example.com'",
    password_hash: literal(passwordHash),
    is_active: 'true',
    is_gmana_active: 'true',
    is_main_admin: 'false',
  },
};
/** Tables whose nullable columns stay null (a deactivation date would refuse the sign-in). */
const REQUIRED_ONLY = new Set(['customers', 'users']);

/** One row in every table of the public schema, parents first; answers the rows as inserted. */
async function insertEverywhere(database: Database): Promise<Map<string, Row>> {
  const tables = (
    await rows(
      database,
      `select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  ).map((r) => r.t as string);
  const columns = new Map<string, Column[]>();
  for (const r of await rows(
    database,
    `select table_name as t, column_name as c, data_type as type, is_nullable = 'YES' as nullable,
            (column_default is not null or is_identity = 'YES' or is_generated = 'ALWAYS') as has_default
       from information_schema.columns where table_schema = 'public' order by ordinal_position`,
  )) {
    const list = columns.get(r.t as string) ?? [];
    list.push({
      name: r.c as string,
      type: r.type as string,
      nullable: !!r.nullable,
      hasDefault: !!r.has_default,
    });
    columns.set(r.t as string, list);
  }
  // Foreign keys, column by column: (table, column) -> (parent table, parent column).
  const references = new Map<string, { parent: string; column: string }>();
  for (const r of await rows(
    database,
    `select c.conrelid::regclass::text as t, a.attname as c, c.confrelid::regclass::text as parent, pa.attname as pc
       from pg_constraint c
       cross join lateral unnest(c.conkey, c.confkey) as k(col, pcol)
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
       join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = k.pcol
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  )) {
    references.set(`${unquote(r.t as string)}.${r.c}`, {
      parent: unquote(r.parent as string),
      column: r.pc as string,
    });
  }
  // Check constraints of the form `column in ('a', 'b')`: the first value.
  const allowed = new Map<string, string>();
  for (const r of await rows(
    database,
    `select conrelid::regclass::text as t, pg_get_constraintdef(oid) as def from pg_constraint
      where contype = 'c' and connamespace = 'public'::regnamespace`,
  )) {
    const match = /\(+"?(\w+)"?\)?\s*(?:=\s*ANY\s*\(+ARRAY\[|in\s*\()\s*'([^']*)'/i.exec(r.def as string);
    if (match) allowed.set(`${unquote(r.t as string)}.${match[1]}`, literal(match[2]!));
  }

  const inserted = new Map<string, Row>();
  const pending = new Set(tables);
  while (pending.size > 0) {
    const ready = [...pending].filter((t) =>
      (columns.get(t) ?? []).every((c) => {
        const ref = references.get(`${t}.${c.name}`);
        return !ref || ref.parent === t || inserted.has(ref.parent) || c.nullable;
      }),
    );
    if (ready.length === 0) throw new Error(`foreign keys in a cycle: ${[...pending].join(', ')}`);
    for (const table of ready) {
      const names: string[] = [];
      const values: string[] = [];
      for (const column of columns.get(table) ?? []) {
        const override = OVERRIDES[table]?.[column.name];
        const ref = references.get(`${table}.${column.name}`);
        let value: string | undefined;
        if (override) value = override;
        else if (ref) {
          const parentRow = inserted.get(ref.parent);
          value = parentRow ? literal(String(parentRow[ref.column])) : undefined;
        } else if (!column.hasDefault || !(REQUIRED_ONLY.has(table) || column.nullable === false)) {
          if (!(REQUIRED_ONLY.has(table) && column.nullable)) value = valueFor(table, column, allowed);
        }
        if (value === undefined) continue;
        names.push(quote(column.name));
        values.push(value);
      }
      const [row] = await rows(
        database,
        `insert into ${quote(table)} (${names.join(', ')}) values (${values.join(', ')}) returning *`,
      );
      inserted.set(table, row!);
      pending.delete(table);
    }
  }
  return inserted;
}

const unquote = (name: string) => name.replace(/^public\./, '').replace(/^"(.*)"$/, '$1');

/** Compares what JSON makes of a value (timestamps and numbers come back as the same types). */
const same = (value: unknown) => JSON.parse(JSON.stringify(value ?? null));

describe(`migrations forward with data (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, {
  timeout: 120_000,
}, () => {
  it.each(entries.map((e) => [e.tag, e.idx] as const))('from %s to the latest schema', async (_tag, n) => {
    const database = await freshEmpty();
    try {
      await migrateUpTo(database, n);
      const inserted = await insertEverywhere(database);
      expect(inserted.has('customers')).toBe(true);
      expect(inserted.has('users')).toBe(true);

      await database.migrate();
      for (const [table, row] of inserted) {
        const key = Object.keys(row).includes('id') ? 'id' : Object.keys(row)[0]!;
        const now = await rows(
          database,
          `select * from ${quote(table)} where ${quote(key)}::text = ${literal(String(row[key]))}`,
        );
        expect(now, `${table} keeps its row`).toHaveLength(1);
        const kept = Object.fromEntries(
          Object.keys(row)
            .filter((c) => c in now[0]!)
            .map((c) => [c, same(row[c])]),
        );
        const after = Object.fromEntries(Object.keys(kept).map((c) => [c, same(now[0]![c])]));
        expect(after, `${table} keeps its values`).toEqual(kept);
      }
      // Today's schema reads every table (a column the code expects and the database lacks fails here).
      for (const table of Object.values(schema)) {
        if (!(table instanceof PgTable)) continue;
        await expect(database.db.select().from(table).limit(1), getTableName(table)).resolves.toBeDefined();
      }
      // The user inserted at N signs in on today's code.
      const app = await testApp({ database });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'migrated@example.com', password: PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
