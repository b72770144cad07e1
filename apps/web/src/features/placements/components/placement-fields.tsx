/**
 * The placement's fields (its create and record page): name and status; where its ads may run
 * (the account's live streams and VOD assets, none chosen: all of them); the break positions
 * (pre-, mid-, post-roll) and the longest ad and pod it takes. Validated with core's
 * `placementSchema` (the server's rules and words).
 */
import {
  BREAK_POSITION_LABELS,
  BREAK_POSITIONS,
  PLACEMENT_LABELS as L,
  type PlacementInput,
  placementSchema,
  RESOURCES,
} from '@cuepoint/core';
import {
  Alert,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { NameStatusFields } from '../../../components/resource/name-status-fields.tsx';
import { useResourceOptions } from '../../../components/resource/resource-options.ts';
import { recheckFields } from '../../../lib/recheck-fields.ts';
import { PLACEMENT_SCREEN_TEXTS as T } from '../texts.ts';

export type PlacementForm = UseFormReturnType<PlacementInput>;

const POSITION_DATA = BREAK_POSITIONS.map((value) => ({ value, label: BREAK_POSITION_LABELS[value] }));

const toData = (options: readonly { value: string; label: string }[]) =>
  options.map(({ value, label }) => ({ value, label }));

/** Every field of a placement. */
export function PlacementFields({ form }: { form: PlacementForm }) {
  const streams = useResourceOptions(RESOURCES.liveStream);
  const vods = useResourceOptions(RESOURCES.vod);
  const hintId = useId();
  const durationField = (name: 'maxAdDuration' | 'maxPodDuration') => {
    const props = form.getInputProps(name);
    return (
      <NumberInput
        label={L[name]}
        description={T.seconds}
        allowDecimal={false}
        allowNegative={false}
        required
        key={form.key(name)}
        {...props}
        onBlur={(event) => {
          props.onBlur?.(event);
          recheckFields(form, placementSchema, ['maxAdDuration']);
        }}
      />
    );
  };
  return (
    <Stack gap="lg">
      <NameStatusFields form={form} labels={L} />
      <Fieldset legend={T.where} variant="unstyled" aria-describedby={hintId}>
        <Stack gap="sm">
          <Text id={hintId} size="sm" c="dimmed">
            {T.whereHint}
          </Text>
          {(streams.failed || vods.failed) && (
            <Alert color="yellow" role="status">
              {T.optionsUnavailable}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label={L.liveStreamIds}
              data={toData(streams.options)}
              placeholder={T.noneChosen}
              nothingFoundMessage={T.nothingFound}
              searchable
              clearable
              hidePickedOptions
              key={form.key('liveStreamIds')}
              {...form.getInputProps('liveStreamIds')}
            />
            <MultiSelect
              label={L.vodIds}
              data={toData(vods.options)}
              placeholder={T.noneChosen}
              nothingFoundMessage={T.nothingFound}
              searchable
              clearable
              hidePickedOptions
              key={form.key('vodIds')}
              {...form.getInputProps('vodIds')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Fieldset legend={T.limits} variant="unstyled">
        <Stack gap="md">
          <Checkbox.Group
            label={L.positions}
            withAsterisk
            key={form.key('positions')}
            {...form.getInputProps('positions')}
          >
            <Group mt="xs" gap="lg">
              {POSITION_DATA.map(({ value, label }) => (
                <Checkbox key={value} value={value} label={label} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {durationField('maxAdDuration')}
            {durationField('maxPodDuration')}
          </SimpleGrid>
        </Stack>
      </Fieldset>
    </Stack>
  );
}
