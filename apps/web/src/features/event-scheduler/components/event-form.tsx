/**
 * The create/edit dialog of a scheduled event: the trigger type switches the fields, each field
 * shows the spec's message under it (the same core schema the server applies; its 400 puts its
 * messages under the same fields), and the next breaks are previewed as the form changes.
 */
import {
  EVENT_SCHEDULE_LIMITS,
  EVENT_TRIGGER_LABELS,
  EVENT_TRIGGERS,
  firstMessageByField,
  formatSpecDateTime,
  forTrigger,
  EVENT_SCHEDULE_LABELS as L,
  nextOccurrences,
  type ScheduledEvent,
  type ScheduledEventFields,
  scheduledEventData,
  scheduledEventDefaults,
  scheduledEventInputSchema,
  EVENT_SCHEDULE_TEXTS as T,
} from '@cuepoint/core';
import {
  Group,
  List,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ResourceFormModal } from '../../../components/resource/resource-form.tsx';
import { useGuardedClose } from '../../../components/resource/unsaved-changes-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm, zodValidate } from '../../../lib/zod-form.ts';
import { type StreamOption, scheduleApi, scheduleKeys } from '../api.ts';

type Values = ScheduledEventFields;

const FIELDS = Object.keys(scheduledEventDefaults(0)) as (keyof Values)[];

/** The form's values of an event (its fields only), or a new event's. */
export function eventValues(event: ScheduledEvent | null, adDuration: number, now = Date.now()): Values {
  const defaults = scheduledEventDefaults(now, adDuration);
  if (!event) return defaults;
  return Object.fromEntries(FIELDS.map((field) => [field, event[field]])) as unknown as Values;
}

/** The interval schedule's optional dates and daily rule times, in pairs (start, then its end). */
const INTERVAL_TEXT_FIELDS = [
  ['scheduleStartDate', T.dateHint],
  ['maxDate', T.dateHint],
  ['ruleStartTime', T.timeHint],
  ['ruleEndTime', T.timeHint],
  ['excludeStartDate', T.dateHint],
  ['excludeMaxDate', T.dateHint],
] as const;

const splitLines = (text: string) =>
  text
    .split(/\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export interface EventFormProps {
  /** The event edited; null to create one. */
  event: ScheduledEvent | null;
  streams: readonly StreamOption[];
  defaultDuration: number;
  onClose: () => void;
}

export function EventForm({ event, streams, defaultDuration, onClose }: EventFormProps) {
  const queryClient = useQueryClient();
  const form = useConsoleForm<Values>({
    mode: 'controlled',
    initialValues: eventValues(event, defaultDuration),
    // What the trigger hides is neither validated nor saved.
    validate: (values) => zodValidate(scheduledEventInputSchema)(forTrigger(values)),
  });
  const { requestClose, confirm } = useGuardedClose(form.isDirty, onClose);
  const save = useMutation({
    mutationFn: (values: Values) =>
      event
        ? scheduleApi.replace(event._id, { ...values, version: event.version })
        : scheduleApi.create(values),
  });

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync(values);
      form.resetDirty(values);
      toast.success(T.saved);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body?.fields ?? []) : [];
      if (error instanceof ApiError && error.status === 400 && fields.length > 0) {
        form.setErrors(firstMessageByField(fields));
        return;
      }
      toastServerError(error, { fallback: error instanceof Error ? error.message : '' });
    }
  };

  /** The break times' message (on the list or on one entry) as the field is left. */
  const validateFixedTimes = () => {
    const all = zodValidate(scheduledEventInputSchema)(forTrigger(form.getValues()));
    const mine = Object.entries(all).find(
      ([field]) => field === 'fixedTimes' || field.startsWith('fixedTimes.'),
    );
    const others = Object.entries(form.errors).filter(([field]) => !field.startsWith('fixedTimes'));
    form.setErrors(Object.fromEntries(mine ? [...others, ['fixedTimes', mine[1]]] : others));
  };

  const { values } = form;
  const trigger = values.trigger;
  const fixedError =
    form.errors.fixedTimes ??
    Object.entries(form.errors).find(([field]) => field.startsWith('fixedTimes.'))?.[1];

  const streamData = useMemo(
    () =>
      streams.map((s) => ({
        value: s._id,
        label: s.customerName ? `${s.name} (${s.customerName})` : s.name,
      })),
    [streams],
  );

  return (
    <ResourceFormModal
      opened
      onClose={requestClose}
      confirm={confirm}
      title={event ? T.editEvent : T.newEvent}
      submit={{
        onSubmit: form.onSubmit((v) => void submit(v)),
        isPending: save.isPending,
        dialog: <></>,
      }}
    >
      <TextInput label={L.name} required {...form.getInputProps('name')} />
      <Select
        label={L.streamId}
        required
        searchable
        data={streamData}
        comboboxProps={{ withinPortal: false }}
        {...form.getInputProps('streamId')}
        value={values.streamId || null}
        onChange={(value) => form.setFieldValue('streamId', value ?? '')}
      />
      <Radio.Group
        label={L.trigger}
        required
        value={String(trigger)}
        onChange={(value) => form.setFieldValue('trigger', Number(value) as Values['trigger'])}
        error={form.errors.trigger}
      >
        <Group gap="lg" mt={4}>
          {EVENT_TRIGGERS.map((t) => (
            <Radio key={t} value={String(t)} label={EVENT_TRIGGER_LABELS[t]} />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={L.startDate}
          description={T.dateHint}
          required
          dir="ltr"
          {...form.getInputProps('startDate')}
        />
        <TextInput
          label={L.endDate}
          description={T.dateHint}
          required
          dir="ltr"
          {...form.getInputProps('endDate')}
        />
        <NumberInput
          label={L.adDuration}
          required
          min={1}
          allowDecimal={false}
          {...form.getInputProps('adDuration')}
        />
        <Switch
          label={L.status}
          mt="xl"
          checked={values.status === 'active'}
          onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 'active' : 'inactive')}
          onLabel="ON"
          offLabel="OFF"
        />
      </SimpleGrid>

      {trigger === 0 && (
        <Textarea
          label={L.fixedTimes}
          description={T.fixedTimesHint}
          required
          dir="ltr"
          rows={4}
          defaultValue={values.fixedTimes.join('\n')}
          onChange={(e) => form.setFieldValue('fixedTimes', splitLines(e.currentTarget.value))}
          onBlur={validateFixedTimes}
          error={fixedError}
        />
      )}
      {trigger === 1 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={L.interval}
            required
            min={1}
            allowDecimal={false}
            {...form.getInputProps('interval')}
          />
          <span />
          {INTERVAL_TEXT_FIELDS.map(([name, hint]) => (
            <TextInput
              key={name}
              label={L[name]}
              description={hint}
              dir="ltr"
              {...form.getInputProps(name)}
            />
          ))}
        </SimpleGrid>
      )}
      {trigger === 2 && (
        <TextInput
          label={L.dtmf}
          description={T.dtmfHint}
          required
          dir="ltr"
          {...form.getInputProps('dtmf')}
        />
      )}
      <Preview values={values} firedOf={event?.fired ?? []} />
    </ResourceFormModal>
  );
}

/** The next breaks of the values as they stand (none while they are not valid). */
function Preview({ values, firedOf }: { values: Values; firedOf: readonly number[] }) {
  const parsed = scheduledEventInputSchema.safeParse(forTrigger(values));
  const next = parsed.success
    ? nextOccurrences(scheduledEventData(parsed.data, firedOf), Date.now(), EVENT_SCHEDULE_LIMITS.preview)
    : [];
  return (
    <Stack gap={4} aria-live="polite">
      <Title order={3} size="h5">
        {T.preview}
      </Title>
      {values.trigger === 2 && next.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.dtmfPreview}
        </Text>
      ) : next.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noPreview}
        </Text>
      ) : (
        <List size="sm" data-testid="occurrence-preview">
          {next.map((at) => (
            <List.Item key={at}>
              <bdi dir="ltr">{formatSpecDateTime(at)} UTC</bdi>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
