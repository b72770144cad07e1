/**
 * The scheduler of saved reports: each due report (schedule set, `nextRunAt` passed) is run and
 * mailed to its recipients (through the outbox or SMTP, the CSV inline: the mailer carries text),
 * and its `nextRunAt` moved on, in one transaction per report with its row locked (`skip locked`:
 * another process leaves it alone). A run whose mail reached no recipient (SMTP down) rolls back:
 * the report stays due and the next pass tries again; once one recipient has it, the run counts and
 * a refused address is logged (a retry would mail the others twice). A server that was down skips the runs it missed (one mail, then the
 * next period's).
 */
import {
  entryPath,
  REPORT_TEXTS,
  type ReportQuery,
  reportCsv,
  reportQueryParams,
  reportTable,
  savedReportSchema,
} from '@cuepoint/core';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../lib/mailer.ts';
import { rowsOf } from '../repositories/playback-minutes.ts';
import { advanceRun, dueSavedReports, markSavedReportRun, runReport } from '../repositories/reports.ts';

export interface ReportScheduleDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  consoleLink: (path: string, query: Record<string, string>) => string;
}

/** Reports mailed in one pass at most (the rest wait for the next). */
const PASS_LIMIT = 50;

export interface ReportRunResult {
  mailed: string[];
  failed: string[];
}

/** Mails every report due at `now`; answers the ids mailed and those whose mail failed. */
export async function runDueReports(deps: ReportScheduleDeps, now: Date): Promise<ReportRunResult> {
  const result: ReportRunResult = { mailed: [], failed: [] };
  const seen = new Set<string>();
  for (let i = 0; i < PASS_LIMIT; i += 1) {
    let current: string | undefined;
    try {
      const id = await deps.db.transaction(async (tx) => {
        // One due report not yet tried in this pass, locked until its run commits.
        const [due] = (await dueSavedReports(tx, now, PASS_LIMIT)).filter((r) => !seen.has(r.id));
        if (!due) return null;
        seen.add(due.id);
        current = due.id;
        const schedule = due.schedule!;
        const next = advanceRun(schedule, due.nextRunAt!, now);
        const [owner] = await rowsOf<{ ok: boolean }>(
          tx,
          sql`select (is_main_admin and is_active and deactivated_at is null) as ok from users where id = ${due.ownerId}`,
        );
        const parsed = savedReportSchema.shape.query.safeParse(due.query);
        if (owner?.ok && parsed.success) {
          const query = parsed.data as ReportQuery;
          const report = await runReport(tx, query, now);
          const link = deps.consoleLink(entryPath('reports'), reportQueryParams(query));
          const text = [
            `${due.name}: ${report.from} to ${report.to}`,
            '',
            reportCsv(reportTable(report)).replaceAll('\r\n', '\n'),
            `Open it in the console: ${link}`,
          ].join('\n');
          // Each recipient on its own: once one has it, the run is done (a retry would mail that
          // one again); only a run that reached nobody (SMTP down) rolls back and stays due.
          const refused: { to: string; err: unknown }[] = [];
          for (const to of due.recipients) {
            try {
              await deps.mailer.send({
                to,
                subject: REPORT_TEXTS.mailSubject(due.name),
                text,
                links: [link],
              });
            } catch (err) {
              refused.push({ to, err });
            }
          }
          if (refused.length > 0 && refused.length === due.recipients.length) throw refused[0]!.err;
          for (const { to, err } of refused) {
            deps.log.warn({ err, report: due.id, to }, 'saved report not mailed to one recipient');
          }
        } else {
          deps.log.warn(
            { report: due.id },
            'saved report not mailed: its owner is no main administrator or its query is unreadable',
          );
        }
        await markSavedReportRun(tx, due.id, now, next);
        return due.id;
      });
      if (id === null) break;
      result.mailed.push(id);
    } catch (err) {
      deps.log.error({ err, report: current }, 'saved report run failed');
      // Nothing was picked (the database failed): try again at the next pass.
      if (current === undefined) break;
      result.failed.push(current);
    }
  }
  return result;
}

declare module 'fastify' {
  interface FastifyInstance {
    reportSchedule: {
      /** One pass now (tests give the time); concurrent calls share one pass. */
      run: (now?: Date) => Promise<ReportRunResult>;
    };
  }
}

/** Runs `runDueReports` every `intervalMs` once the server is ready, stopped before the database closes. */
export const reportSchedulePlugin = fp(
  async (app: FastifyInstance, opts: { intervalMs: number; clock?: (() => number) | undefined }) => {
    const clock = opts.clock ?? Date.now;
    let running: Promise<ReportRunResult> | undefined;
    const run = (now?: Date) => {
      if (running) return running;
      running = runDueReports(
        { db: app.db, mailer: app.mailer, log: app.log, consoleLink: app.consoleLink },
        now ?? new Date(clock()),
      ).finally(() => {
        running = undefined;
      });
      return running;
    };
    app.decorate('reportSchedule', { run });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        run().catch((err) => app.log.error({ err }, 'saved reports: pass failed'));
      }, opts.intervalMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
);
