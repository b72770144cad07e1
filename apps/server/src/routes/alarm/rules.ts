import {
  ALARM_RULE_TEXTS,
  type AlarmRuleInput,
  API_PATHS,
  alarmCustomersResponseSchema,
  alarmRuleBodySchema,
  alarmRuleDeleteResponseSchema,
  alarmRuleIdParamsSchema,
  alarmRuleListResponseSchema,
  alarmRuleSchema,
  errorResponseSchema,
  routePattern,
} from '@cuepoint/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { fieldProblem, notFound } from '../../lib/request-problem.ts';
import {
  deleteAlarmRule,
  findAlarmRule,
  insertAlarmRule,
  isStreamOfCustomer,
  listAlarmRules,
  listRuleCustomers,
  lockAlarmRule,
  toAlarmRuleDto,
  updateAlarmRule,
} from '../../repositories/alarm-rules.ts';
import { clearAlarmsOfRule } from '../../repositories/alarms.ts';
import { customerExists } from '../../repositories/customers.ts';
import { auditRequest } from '../../services/audit.ts';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
} as const;

/** A rule's customer must exist, and its stream (if any) be one of that customer's (locked for share). */
async function checkTargets(tx: DbOrTx, rule: AlarmRuleInput) {
  if (!(await customerExists(tx, rule.customerId)))
    throw fieldProblem('customerId', ALARM_RULE_TEXTS.unknownCustomer);
  if (rule.resourceId !== null && !(await isStreamOfCustomer(tx, rule.resourceId, rule.customerId)))
    throw fieldProblem('resourceId', ALARM_RULE_TEXTS.resourceId);
}

const actorEmail = (request: FastifyRequest) => {
  const auth = request.auth!;
  return (auth.signedInAdmin ?? auth.user).email;
};

const audit = (tx: DbOrTx, request: FastifyRequest, action: string, target: string, details: object) =>
  auditRequest(tx, request, { action, target, details: { ...details } });

/** The alarm rules (main administrator): list, create, replace, delete; and the customers they may name. */
export const alarmRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmin = requireNavigationEntry(
    'alarms',
    app.runtimeConfig,
    'Only a main administrator may manage alarm rules',
  );
  const common = { tags: ['alarm'], security: [{ bearer: [] }] };

  app.get(
    routePattern(API_PATHS.alarm.rules),
    {
      onRequest: onlyAdmin,
      schema: {
        ...common,
        summary:
          'Main administrator: every alarm rule, by customer name, with its customer’s and stream’s names',
        response: { 200: alarmRuleListResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => (await listAlarmRules(app.db)).map(toAlarmRuleDto),
  );

  app.get(
    routePattern(API_PATHS.alarm.customers),
    {
      onRequest: onlyAdmin,
      schema: {
        ...common,
        summary: 'Main administrator: the customer accounts an alarm rule may name (id and name, by name)',
        response: { 200: alarmCustomersResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => (await listRuleCustomers(app.db)).map(({ id, name }) => ({ _id: id, name })),
  );

  app.post(
    routePattern(API_PATHS.alarm.rules),
    {
      onRequest: onlyAdmin,
      schema: {
        ...common,
        summary:
          'Main administrator: a new alarm rule on one customer’s streams (resourceId null: each of them) or one stream; evaluated every ALARM_EVALUATION_MS',
        body: alarmRuleBodySchema,
        response: { 201: alarmRuleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const rule = request.body;
      const id = await app.db.transaction(async (tx) => {
        await checkTargets(tx, rule);
        const created = await insertAlarmRule(tx, rule, actorEmail(request));
        await audit(tx, request, 'alarm-rule.create', created, rule);
        return created;
      });
      return reply.code(201).send(toAlarmRuleDto((await findAlarmRule(app.db, id))!));
    },
  );

  app.put(
    routePattern(API_PATHS.alarm.rule),
    {
      onRequest: onlyAdmin,
      schema: {
        ...common,
        summary:
          'Main administrator: replace an alarm rule (its open alarms clear at the next evaluation if it no longer holds)',
        params: alarmRuleIdParamsSchema,
        body: alarmRuleBodySchema,
        response: { 200: alarmRuleSchema, ...errors },
      },
    },
    async (request) => {
      const rule = request.body;
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        if (!(await lockAlarmRule(tx, id))) throw notFound(ALARM_RULE_TEXTS.notFound);
        await checkTargets(tx, rule);
        await updateAlarmRule(tx, id, rule, actorEmail(request));
        if (!rule.enabled) await clearAlarmsOfRule(tx, id, new Date());
        await audit(tx, request, 'alarm-rule.update', id, rule);
      });
      return toAlarmRuleDto((await findAlarmRule(app.db, id))!);
    },
  );

  app.delete(
    routePattern(API_PATHS.alarm.rule),
    {
      onRequest: onlyAdmin,
      schema: {
        ...common,
        summary: 'Main administrator: delete an alarm rule; its open alarms are cleared and stay listed',
        params: alarmRuleIdParamsSchema,
        response: { 200: alarmRuleDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const rule = await lockAlarmRule(tx, id);
        if (!rule) throw notFound(ALARM_RULE_TEXTS.notFound);
        await clearAlarmsOfRule(tx, id, new Date());
        await deleteAlarmRule(tx, id);
        await audit(tx, request, 'alarm-rule.delete', id, {
          customerId: rule.customerId,
          metric: rule.metric,
        });
      });
      return { _id: id };
    },
  );
};
