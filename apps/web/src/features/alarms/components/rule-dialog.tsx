import {
  ALARM_METRIC_INFO,
  ALARM_METRICS,
  ALARM_RULE_WINDOW,
  ALARM_SEVERITIES,
  type AlarmMetric,
  type AlarmRule,
  type AlarmRuleBody,
  type AlarmSeverity,
  alarmRuleBodySchema,
} from '@cuepoint/core';
import { Button, Group, Modal, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useGuardedClose } from '../../../components/resource/unsaved-changes-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm, zodValidate } from '../../../lib/zod-form.ts';
import { customerStreamsQuery, ruleCustomersQuery, useRuleMutations } from '../api/alarms-api.ts';
import { ALARMS_TEXTS as T } from '../texts.ts';

export interface RuleValues {
  customerId: string;
  resourceId: string | null;
  metric: AlarmMetric;
  threshold: number | string;
  windowMinutes: number | string;
  severity: AlarmSeverity;
  enabled: boolean;
}

const valuesOf = (rule: AlarmRule | null): RuleValues =>
  rule
    ? {
        customerId: rule.customerId,
        resourceId: rule.resourceId,
        metric: rule.metric,
        threshold: rule.threshold,
        windowMinutes: rule.windowMinutes,
        severity: rule.severity,
        enabled: rule.enabled,
      }
    : {
        customerId: '',
        resourceId: null,
        metric: 'origin-unreachable',
        threshold: '',
        windowMinutes: ALARM_RULE_WINDOW.default,
        severity: 'CRITICAL',
        enabled: true,
      };

/** The body sent: an empty number field is no number (the schema says what it needs). */
export const bodyOf = (values: RuleValues): AlarmRuleBody => ({
  ...values,
  customerId: values.customerId,
  threshold: values.threshold === '' ? Number.NaN : Number(values.threshold),
  windowMinutes: values.windowMinutes === '' ? Number.NaN : Number(values.windowMinutes),
});

const validate = zodValidate(alarmRuleBodySchema);

/** Creates (rule null) or edits an alarm rule in a dialog; closing with unsaved changes asks first. */
export function RuleDialog({ rule, onClose }: { rule: AlarmRule | null; onClose: () => void }) {
  const form = useConsoleForm<RuleValues>({
    mode: 'controlled',
    initialValues: valuesOf(rule),
    validate: (values) => validate(bodyOf(values)),
  });
  const { save } = useRuleMutations();
  const { requestClose, confirm } = useGuardedClose(form.isDirty, onClose);
  const customers = useQuery(ruleCustomersQuery);
  const streams = useQuery(customerStreamsQuery(form.values.customerId));
  const info = ALARM_METRIC_INFO[form.values.metric];
  const outage = form.values.metric === 'origin-unreachable';

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: rule?._id ?? null, body: bodyOf(values) },
      {
        onSuccess: () => {
          toast.success(rule ? T.saved : T.created);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)
            form.setErrors(error.fieldErrors);
          else toastServerError(error, { fallback: error.message });
        },
      },
    ),
  );

  const streamData = streams.data
    ? [
        { group: T.fields.liveStreams, items: streams.data.live },
        { group: T.fields.vods, items: streams.data.vod },
      ].filter((g) => g.items.length > 0)
    : [];

  return (
    <>
      <Modal opened onClose={requestClose} title={rule ? T.editRuleTitle : T.newRuleTitle} size="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Select
              label={T.fields.customer}
              placeholder={T.fields.customerPlaceholder}
              data={(customers.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
              searchable
              withAsterisk
              {...form.getInputProps('customerId')}
              value={form.values.customerId || null}
              onChange={(value) => {
                form.setFieldValue('customerId', value ?? '');
                form.setFieldValue('resourceId', null);
              }}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={T.fields.target}
              description={T.fields.targetDescription}
              placeholder={streams.isFetching ? T.fields.loadingStreams : T.fields.targetPlaceholder}
              data={streamData}
              searchable
              clearable
              disabled={form.values.customerId === ''}
              {...form.getInputProps('resourceId')}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={T.fields.metric}
              description={info.help}
              data={ALARM_METRICS.map((m) => ({ value: m, label: ALARM_METRIC_INFO[m].label }))}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('metric')}
              comboboxProps={{ withinPortal: false }}
            />
            <Group grow align="flex-start">
              <NumberInput
                label={T.fields.threshold}
                rightSection={info.unit}
                rightSectionPointerEvents="none"
                decimalScale={2}
                withAsterisk
                hideControls
                {...form.getInputProps('threshold')}
              />
              <NumberInput
                label={T.fields.window}
                description={outage ? undefined : T.fields.windowDescription}
                min={ALARM_RULE_WINDOW.min}
                max={ALARM_RULE_WINDOW.max}
                allowDecimal={false}
                disabled={outage}
                {...form.getInputProps('windowMinutes')}
              />
            </Group>
            {outage && (
              <Stack gap={0} mt={-8}>
                <span
                  style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}
                >
                  {T.fields.windowNotUsed}
                </span>
              </Stack>
            )}
            <Select
              label={T.fields.severity}
              data={[...ALARM_SEVERITIES]}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('severity')}
              comboboxProps={{ withinPortal: false }}
            />
            <Switch label={T.fields.enabled} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button variant="default" onClick={requestClose}>
                {T.cancel}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {T.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {confirm}
    </>
  );
}
