/**
 * The VOD asset form's fields: the source (name, URL, duration, status), the metadata (title,
 * description, genre, tags, rating; the metadata dialog shows only these) and the ad cue points,
 * a list of seconds from the start. Validated with core's `vodSchema` (useZodForm).
 */
import {
  VOD_LABELS as L,
  RESOURCE_STATUSES,
  RESOURCES,
  VOD_GENRES,
  VOD_RATINGS,
  type VodInput,
  vodSchema,
} from '@cuepoint/core';
import {
  Button,
  Fieldset,
  Group,
  Input,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useId, useRef, useState } from 'react';
import { RemoveRowButton } from '../../../components/remove-row-button.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { TranscodingNotice } from '../../../components/transcoding-notice.tsx';
import { recheckFields } from '../../../lib/recheck-fields.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { formatDuration } from '../format.ts';
import { VOD_SCREEN_TEXTS as T } from '../texts.ts';

export type VodForm = UseFormReturnType<VodInput>;

/** The first message of a list field or of one of its items ('tags', 'tags.3'). */
const listError = (form: VodForm, path: string) =>
  form.errors[path] ??
  Object.entries(form.errors).find(([key]) => key.startsWith(`${path}.`))?.[1] ??
  undefined;

const STATUS_DATA = RESOURCE_STATUSES.map((value) => ({ value, label: T.statusOptions[value] ?? value }));

/** Every field of a VOD asset. */
export function VodFields({ form }: { form: VodForm }) {
  const duration = form.useWatchValue('duration');
  const durationProps = form.getInputProps('duration');
  return (
    <Stack gap="lg">
      <Fieldset legend={T.source} variant="unstyled">
        <Stack gap="sm">
          <TextInput label={L.name} required key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput
            label={L.sourceUrl}
            dir="ltr"
            required
            placeholder="https://"
            key={form.key('sourceUrl')}
            {...form.getInputProps('sourceUrl')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={L.duration}
              description={T.durationHint(formatDuration(duration))}
              required
              min={0}
              decimalScale={3}
              key={form.key('duration')}
              {...durationProps}
              onBlur={(event) => {
                durationProps.onBlur?.(event);
                recheckFields(form, vodSchema, ['cuePoints']);
              }}
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
      </Fieldset>
      <Fieldset legend={T.metadata} variant="unstyled">
        <VodMetadataFields form={form} />
      </Fieldset>
      <TextInput
        label={L.adTagUrl}
        description={T.adTagHint}
        dir="ltr"
        placeholder="https://"
        key={form.key('adTagUrl')}
        {...form.getInputProps('adTagUrl')}
      />
      <BundleSelect form={form} />
      <TranscodingNotice />
      <CuePointsEditor form={form} />
    </Stack>
  );
}

/** The asset's bundle (/demand): when one is picked, its demand fills the breaks. */
function BundleSelect({ form }: { form: VodForm }) {
  const { options, failed } = useResourceOptions(RESOURCES.bundle);
  return (
    <Select
      label={L.bundleId}
      description={failed ? T.bundlesUnavailable : T.bundleHint}
      data={options.map(({ value, label }) => ({ value, label }))}
      placeholder={T.noBundle}
      nothingFoundMessage={T.noBundlesFound}
      searchable
      clearable
      key={form.key('bundleId')}
      {...form.getInputProps('bundleId')}
    />
  );
}

/** The metadata of a VOD asset: title, description, genre, tags and rating. */
export function VodMetadataFields({ form, autoFocus = false }: { form: VodForm; autoFocus?: boolean }) {
  return (
    <Stack gap="sm">
      <TextInput
        label={L.title}
        key={form.key('title')}
        {...form.getInputProps('title')}
        data-autofocus={autoFocus || undefined}
      />
      <Textarea
        label={L.description}
        rows={4}
        resize="vertical"
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={L.genre}
          data={VOD_GENRES}
          allowDeselect={false}
          searchable
          key={form.key('genre')}
          {...form.getInputProps('genre')}
        />
        <Select
          label={L.rating}
          data={VOD_RATINGS}
          allowDeselect={false}
          key={form.key('rating')}
          {...form.getInputProps('rating')}
        />
      </SimpleGrid>
      <TagsInput
        label={L.tags}
        description={T.tagsHint}
        clearable
        key={form.key('tags')}
        {...form.getInputProps('tags')}
        error={listError(form, 'tags')}
      />
    </Stack>
  );
}

const asNumber = (value: unknown) => (typeof value === 'number' ? value : Number.NaN);

/** The ad cue points: one seconds input per point, added, removed and sorted here. */
export function CuePointsEditor({ form }: { form: VodForm }) {
  // A viewer reads the rows: adding, removing and reordering are edits it may not save.
  const canWrite = useRoleAllows('write');
  const points = (form.useWatchValue('cuePoints') ?? []) as readonly unknown[];
  // Inputs are uncontrolled: after a removal or a sort every row remounts with its new value.
  const [generation, setGeneration] = useState(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  const focusIndex = useRef<number | null>(null);
  const errorId = useId();
  const hintId = useId();
  const error = form.errors.cuePoints;

  useEffect(() => {
    if (focusIndex.current === null) return;
    const input = root.current?.querySelector<HTMLElement>(`[data-path="cuePoints.${focusIndex.current}"]`);
    focusIndex.current = null;
    input?.focus();
  });

  const add = () => {
    focusIndex.current = points.length;
    form.insertListItem('cuePoints', '' as unknown as number);
  };
  const remove = (index: number) => {
    form.removeListItem('cuePoints', index);
    setGeneration((value) => value + 1);
    recheckFields(form, vodSchema, ['cuePoints']);
    addButton.current?.focus();
  };
  const sort = () => {
    const sorted = [...points].sort((a, b) => asNumber(a) - asNumber(b)) as number[];
    form.setFieldValue('cuePoints', sorted);
    setGeneration((value) => value + 1);
  };

  return (
    <Fieldset
      ref={root}
      legend={L.cuePoints}
      variant="filled"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      aria-invalid={error ? true : undefined}
    >
      <Stack gap="sm">
        <Text id={hintId} size="sm" c="dimmed">
          {points.length === 0 ? T.noCuePoints : T.cuePointsHint}
        </Text>
        {points.map((_, index) => {
          const path = `cuePoints.${index}`;
          const inputProps = form.getInputProps(path);
          const rowKey = `${generation}-${index}`;
          return (
            <Group key={rowKey} align="flex-start" wrap="nowrap" gap="sm">
              <NumberInput
                label={T.cuePoint(index + 1)}
                dir="ltr"
                description={T.cuePointAt(formatDuration(points[index]))}
                min={0}
                decimalScale={3}
                w={220}
                data-path={path}
                key={`${rowKey}-${form.key(path)}`}
                {...inputProps}
                onBlur={(event) => {
                  inputProps.onBlur?.(event);
                  recheckFields(form, vodSchema, ['cuePoints']);
                }}
              />
              <RemoveRowButton label={T.removeCuePoint(index + 1)} onClick={() => remove(index)} />
            </Group>
          );
        })}
        {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
        {canWrite && (
          <Group gap="sm">
            <Button ref={addButton} variant="light" size="xs" onClick={add}>
              {T.addCuePoint}
            </Button>
            {points.length > 1 && (
              <Button variant="default" size="xs" onClick={sort}>
                {T.sortCuePoints}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
