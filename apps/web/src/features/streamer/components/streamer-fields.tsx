/**
 * The streamer channel form's fields: name, playback (loop or a schedule with its dates), the
 * programme (an ordered list of VOD assets), ad breaks, slate and status. Validated with core's
 * `streamerSchema` (useZodForm); its messages show under the fields they are about.
 */
import {
  STREAMER_LABELS as L,
  RESOURCE_STATUSES,
  STREAMER_MODES,
  type StreamerInput,
  streamerSchema,
} from '@cuepoint/core';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useId, useRef, useState } from 'react';
import type { ResourceOption } from '../../../components/resource/resource-options.ts';
import { recheckFields } from '../../../lib/recheck-fields.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { formatRunningTime } from '../format.ts';
import { STREAMER_SCREEN_TEXTS as T } from '../texts.ts';

export type StreamerForm = UseFormReturnType<StreamerInput>;

const DATE_FIELDS = ['startDate', 'endDate'] as const;
const STATUS_DATA = RESOURCE_STATUSES.map((value) => ({ value, label: T.statusOptions[value] ?? value }));
const MODE_DATA = STREAMER_MODES.map((value) => ({ value, label: T.modeOptions[value] ?? value }));

interface Choices {
  vods: readonly ResourceOption<'vod'>[];
  vodsFailed: boolean;
  slates: readonly ResourceOption<'slate'>[];
  slatesFailed: boolean;
}

export function StreamerFields({
  form,
  vods,
  vodsFailed,
  slates,
  slatesFailed,
}: { form: StreamerForm } & Choices) {
  return (
    <Stack gap="lg">
      <TextInput label={L.name} required key={form.key('name')} {...form.getInputProps('name')} />
      <Playback form={form} />
      {vodsFailed && (
        <Alert color="yellow" role="status">
          {T.vodsUnavailable}
        </Alert>
      )}
      <ProgrammeEditor form={form} vods={vods} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={L.breakinterval}
          description={T.breakintervalHint}
          required
          min={0}
          key={form.key('breakinterval')}
          {...form.getInputProps('breakinterval')}
        />
        <NumberInput
          label={L.adDuration}
          description={T.adDurationHint}
          required
          min={0}
          key={form.key('adDuration')}
          {...form.getInputProps('adDuration')}
        />
      </SimpleGrid>
      {slatesFailed && (
        <Alert color="yellow" role="status">
          {T.slatesUnavailable}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={L.slateId}
          placeholder={T.noSlate}
          data={slates}
          clearable
          searchable
          key={form.key('slateId')}
          {...form.getInputProps('slateId')}
        />
        <Select
          label={T.status}
          data={STATUS_DATA}
          allowDeselect={false}
          key={form.key('status')}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Loop or schedule; a schedule has a start date and an optional end date (MM-DD-YYYYTHH:mm:ss). */
function Playback({ form }: { form: StreamerForm }) {
  const mode = form.useWatchValue('mode') ?? 'loop';
  const labelId = useId();
  // The dates stay remembered while the user looks at the loop choice.
  const remembered = useRef<Record<(typeof DATE_FIELDS)[number], string>>({ startDate: '', endDate: '' });

  const switchMode = (next: string) => {
    if (next === mode) return;
    const values = form.getValues();
    if (next === 'loop') {
      remembered.current = { startDate: values.startDate ?? '', endDate: values.endDate ?? '' };
      form.setFieldValue('startDate', '');
      form.setFieldValue('endDate', '');
      for (const field of DATE_FIELDS) form.clearFieldError(field);
    } else {
      form.setFieldValue('startDate', remembered.current.startDate);
      form.setFieldValue('endDate', remembered.current.endDate);
    }
    form.setFieldValue('mode', next as StreamerInput['mode']);
  };

  const dateProps = (field: (typeof DATE_FIELDS)[number]) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onBlur: (event: unknown) => {
        props.onBlur?.(event);
        // Each date's message can depend on the other (start before end).
        recheckFields(form, streamerSchema, DATE_FIELDS);
      },
    };
  };

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text id={labelId} size="sm" fw={500}>
          {L.mode}
        </Text>
        <SegmentedControl aria-labelledby={labelId} data={MODE_DATA} value={mode} onChange={switchMode} />
      </Stack>
      {mode === 'schedule' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={L.startDate}
            dir="ltr"
            placeholder={T.datePlaceholder}
            required
            key={form.key('startDate')}
            {...dateProps('startDate')}
          />
          <TextInput
            label={L.endDate}
            dir="ltr"
            placeholder={T.datePlaceholder}
            description={T.endDateHint}
            key={form.key('endDate')}
            {...dateProps('endDate')}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

type Item = { vodId: string };

/** The first message about the programme or one of its items. */
const programmeError = (form: StreamerForm) =>
  form.errors.items ??
  Object.entries(form.errors).find(([key]) => key.startsWith('items.'))?.[1] ??
  undefined;

/** The programme: VOD assets in playing order, added from a select, moved and removed here. */
export function ProgrammeEditor({
  form,
  vods,
}: {
  form: StreamerForm;
  vods: readonly ResourceOption<'vod'>[];
}) {
  // A viewer reads the rows: adding, removing and reordering are edits it may not save.
  const canWrite = useRoleAllows('write');
  const items = (form.useWatchValue('items') ?? []) as readonly Item[];
  const [pick, setPick] = useState<string | null>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  const focusTarget = useRef<string | null>(null);
  const errorId = useId();
  const totalId = useId();
  const error = programmeError(form);
  const byId = new Map(vods.map((vod) => [vod.value, vod]));
  const total = items.reduce((sum, item) => sum + (byId.get(item.vodId)?.record.duration ?? 0), 0);

  // After a move the focus follows the item; after a removal it goes to the select.
  useEffect(() => {
    if (focusTarget.current === null) return;
    root.current?.querySelector<HTMLElement>(focusTarget.current)?.focus();
    focusTarget.current = null;
  });

  const clearItemErrors = () => {
    for (const key of Object.keys(form.errors))
      if (key === 'items' || key.startsWith('items.')) form.clearFieldError(key);
  };
  const add = () => {
    if (!pick) return;
    form.insertListItem('items', { vodId: pick });
    setPick(null);
    clearItemErrors();
  };
  const move = (index: number, to: number, direction: 'up' | 'down') => {
    form.reorderListItem('items', { from: index, to });
    const edge = direction === 'up' ? to === 0 : to === items.length - 1;
    // At the edge the button is disabled; the other one of the same item takes the focus.
    const button = edge ? (direction === 'up' ? 'down' : 'up') : direction;
    focusTarget.current = `[data-item="${to}"] [data-move="${button}"]`;
  };
  const remove = (index: number) => {
    form.removeListItem('items', index);
    clearItemErrors();
    focusTarget.current = 'input[data-programme-select]';
  };

  return (
    <Fieldset
      ref={root}
      legend={L.items}
      variant="filled"
      aria-describedby={error ? `${totalId} ${errorId}` : totalId}
      aria-invalid={error ? true : undefined}
    >
      <Stack gap="sm">
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.emptyProgramme}
          </Text>
        ) : (
          <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }} data-testid="programme">
            {items.map((item, index) => {
              const vod = byId.get(item.vodId);
              const name = vod?.label ?? T.unknownVod;
              const position = index + 1;
              return (
                <Group
                  component="li"
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same asset may play twice; the position is the item.
                  key={`${index}-${item.vodId}`}
                  data-item={index}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                >
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed" w={28} ta="end">
                      {T.position(position)}
                    </Text>
                    <Text size="sm" fw={500} data-vod-name>
                      {name}
                    </Text>
                    {vod && (
                      <Text size="sm" c="dimmed">
                        {formatRunningTime(vod.record.duration)}
                      </Text>
                    )}
                  </Group>
                  {canWrite && (
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        data-move="up"
                        aria-label={T.moveUp(position, name)}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1, 'up')}
                      >
                        {T.up}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        data-move="down"
                        aria-label={T.moveDown(position, name)}
                        disabled={index === items.length - 1}
                        onClick={() => move(index, index + 1, 'down')}
                      >
                        {T.down}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red.9"
                        // The subtle variant's red is too light on the form's grey: AA in both schemes.
                        c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))"
                        aria-label={T.remove(position, name)}
                        onClick={() => remove(index)}
                      >
                        {T.removeShort}
                      </Button>
                    </Group>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
        <Text id={totalId} size="sm" fw={500} data-testid="running-time">
          {T.runningTime(formatRunningTime(total))}
        </Text>
        {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
        {canWrite && (
          <Group align="flex-end" gap="sm">
            <Select
              label={T.vodToAdd}
              data={vods.map((vod) => ({
                value: vod.value,
                label: `${vod.label} (${formatRunningTime(vod.record.duration)})`,
              }))}
              value={pick}
              onChange={setPick}
              searchable
              clearable
              w={320}
              data-programme-select
            />
            <Button variant="light" onClick={add} disabled={!pick}>
              {T.addToProgramme}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
