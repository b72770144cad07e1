/**
 * Runs the alarm evaluator every ALARM_EVALUATION_MS once the server is ready (stopped before the
 * database closes), and mails each raised alarm of a mailed severity (CRITICAL, ALERT,
 * EMERGENCY) to the active main administrators, after its transaction. Each raised alarm about a
 * customer also notifies that customer's users (services/notifications.ts: the rows in the
 * evaluation's transaction, the mails they opted into after it). `app.alarmEvaluator.evaluate`
 * runs one evaluation now (tests give the time). Each run first clears the API alarms whose end
 * (ends_at: the caller's endsAt or the resolve timeout after their last raise) has passed.
 */
import { ALARM_MAILED_SEVERITIES, alarmMail, entryPath } from '@cuepoint/core';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client.ts';
import type { AlarmRow } from '../db/schema/index.ts';
import { mainAdministratorEmails, resolveEndedAlarms, toAlarmDto } from '../repositories/alarms.ts';
import {
  mailNotifications,
  NOTHING_NOTIFIED,
  type Notified,
  notifyAlarms,
} from '../services/notifications.ts';
import { type EvaluationResult, evaluateAlarmRules } from './evaluator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    alarmEvaluator: {
      /**
       * One evaluation at `now` (the plugin's clock by default): the API alarms whose end has
       * passed are cleared (`resolved`), then the rules evaluated; concurrent calls share one run.
       */
      evaluate: (now?: number) => Promise<AlarmTick>;
      /** The alarms' clock (ms): the raises' and the list's now. */
      now: () => number;
    };
  }
}

export interface AlarmTick extends EvaluationResult {
  /** The API alarms cleared because their end passed (repositories/alarms.ts resolveEndedAlarms). */
  resolved: AlarmRow[];
}

export interface AlarmsPluginOptions {
  intervalMs: number;
  /** The evaluations' clock (tests move it); the wall clock by default. */
  clock?: (() => number) | undefined;
}

export const alarmsPlugin = fp(async (app: FastifyInstance, opts: AlarmsPluginOptions) => {
  const clock = opts.clock ?? Date.now;
  let running: Promise<AlarmTick> | undefined;

  const mail = async (result: EvaluationResult) => {
    const critical = result.raised.filter((a) => ALARM_MAILED_SEVERITIES.includes(a.severity));
    if (critical.length === 0) return;
    const to = await mainAdministratorEmails(app.db);
    const link = app.consoleLink(entryPath('alarms'), {});
    for (const alarm of critical) {
      const { subject, text } = alarmMail(toAlarmDto(alarm), link);
      for (const address of to) {
        await app.mailer
          .send({ to: address, subject, text, links: [link] })
          .catch((err) => app.log.error({ err, alarm: alarm.id }, 'alarm mail failed'));
      }
    }
  };

  const evaluate = (now?: number) => {
    if (running) return running;
    let notified: Notified = NOTHING_NOTIFIED;
    const hooks = {
      onRaised: async (tx: DbOrTx, raised: readonly AlarmRow[]) => {
        notified = await notifyAlarms(tx, raised);
      },
    };
    const at = now ?? clock();
    const run = (async (): Promise<AlarmTick> => {
      // Not under the evaluation's lock: each ended alarm is cleared once by a conditional update.
      const resolved = await resolveEndedAlarms(app.db, new Date(at));
      if (resolved.length > 0) app.log.info({ cleared: resolved.length }, 'ended API alarms cleared');
      const result = await evaluateAlarmRules(app.db, at, hooks);
      await mail(result);
      await mailNotifications(app, notified);
      if (result.raised.length > 0 || result.cleared.length > 0)
        app.log.info(
          { raised: result.raised.length, cleared: result.cleared.length },
          'alarm rules evaluated',
        );
      return { ...result, resolved };
    })();
    running = run.finally(() => {
      running = undefined;
    });
    return running;
  };
  app.decorate('alarmEvaluator', { evaluate, now: clock });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      evaluate().catch((err) => app.log.error({ err }, 'alarm evaluation failed'));
    }, opts.intervalMs);
    timer.unref();
  });
  // preClose runs while the database is still open.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
});
