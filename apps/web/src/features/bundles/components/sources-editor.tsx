/**
 * A bundle's demand sources: one row per source (its type, its percentage, and the campaigns it
 * draws from or the tag it calls), added and removed here, with the running total under them
 * and the rule's message ('The total percentage of all bundles must be 100%.') when it is not
 * 100. Adding a row focuses its type and offers what is left of 100; removing one puts the focus
 * on the add button.
 */
import {
  BUNDLE_SOURCES_MAX,
  type BundleInput,
  bundleSchema,
  DEMAND_SOURCE_LABELS,
  DEMAND_SOURCE_TYPES,
  type DemandSourceType,
  BUNDLE_LABELS as L,
} from '@cuepoint/core';
import {
  Button,
  Fieldset,
  Grid,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useId, useRef, useState } from 'react';
import { RemoveRowButton } from '../../../components/remove-row-button.tsx';
import { recheckFields } from '../../../lib/recheck-fields.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { BUNDLE_SCREEN_TEXTS as T } from '../texts.ts';

export type BundleForm = UseFormReturnType<BundleInput>;

interface SourceValues {
  type?: DemandSourceType;
  percentage?: unknown;
  campaignIds?: string[];
  url?: string;
}

/** A row's hints go under its inputs, so the inputs of a row stay in one line. */
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

const TYPE_DATA = DEMAND_SOURCE_TYPES.map((value) => ({ value, label: DEMAND_SOURCE_LABELS[value] }));

/** The sum of the percentages entered so far (what is not a number counts as nothing). */
export const sourcesTotal = (sources: readonly { percentage?: unknown }[]) => {
  const total = sources.reduce<number>((sum, source) => {
    const value = typeof source.percentage === 'number' ? source.percentage : Number(source.percentage);
    return Number.isFinite(value) ? sum + value : sum;
  }, 0);
  return Math.round(total * 1000) / 1000;
};

export function SourcesEditor({
  form,
  campaigns,
}: {
  form: BundleForm;
  /** The account's campaigns to choose from. */
  campaigns: readonly { value: string; label: string }[];
}) {
  // A viewer reads the rows: adding, removing and reordering are edits it may not save.
  const canWrite = useRoleAllows('write');
  const sources = (form.useWatchValue('sources') ?? []) as readonly SourceValues[];
  const total = sourcesTotal(sources);
  // Inputs are uncontrolled: after a removal every row remounts so each shows its new values.
  const [generation, setGeneration] = useState(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  const focusPath = useRef<string | null>(null);
  const errorId = useId();
  const hintId = useId();
  const error = form.errors.sources;
  const campaignData = campaigns.map(({ value, label }) => ({ value, label }));

  useEffect(() => {
    if (focusPath.current === null) return;
    const input = root.current?.querySelector<HTMLElement>(`[data-path="${focusPath.current}"]`);
    focusPath.current = null;
    input?.focus();
  });

  const recheckTotal = () => recheckFields(form, bundleSchema, ['sources']);
  const add = () => {
    focusPath.current = `sources.${sources.length}.type`;
    form.insertListItem('sources', {
      type: 'campaigns',
      percentage: Math.max(0, Math.round((100 - total) * 1000) / 1000),
      campaignIds: [],
      url: '',
    });
    recheckTotal();
  };
  const remove = (index: number) => {
    form.removeListItem('sources', index);
    setGeneration((value) => value + 1);
    recheckTotal();
    addButton.current?.focus();
  };
  /** A new type keeps only its own field: a tag's URL or the campaigns, not both. */
  const changeType = (index: number, type: DemandSourceType) => {
    const path = `sources.${index}`;
    form.setFieldValue(`${path}.type`, type);
    if (type === 'campaigns') form.setFieldValue(`${path}.url`, '');
    else form.setFieldValue(`${path}.campaignIds`, []);
    form.clearFieldError(`${path}.url`);
    form.clearFieldError(`${path}.type`);
  };

  return (
    <Fieldset
      ref={root}
      legend={L.sources}
      variant="filled"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      aria-invalid={error ? true : undefined}
      data-path="sources"
    >
      <Stack gap="sm">
        <Text id={hintId} size="sm" c="dimmed">
          {sources.length === 0 ? T.noSources : T.sourcesHint}
        </Text>
        {sources.map((source, index) => {
          const position = index + 1;
          const rowKey = `${generation}-${index}`;
          const path = `sources.${index}`;
          const type = source.type ?? 'campaigns';
          const percentageProps = form.getInputProps(`${path}.percentage`);
          const typeProps = form.getInputProps(`${path}.type`);
          return (
            <Paper key={rowKey} withBorder p="sm" role="group" aria-label={T.source(position)}>
              <Group align="flex-start" wrap="nowrap" gap="sm">
                <Grid style={{ flex: 1 }} gap="sm">
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <Select
                      label={L.type}
                      data={TYPE_DATA}
                      allowDeselect={false}
                      required
                      data-path={`${path}.type`}
                      key={`${rowKey}-${form.key(`${path}.type`)}`}
                      {...typeProps}
                      onChange={(value) => {
                        if (value) changeType(index, value as DemandSourceType);
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 2 }}>
                    <NumberInput
                      label={L.percentage}
                      required
                      min={0}
                      max={100}
                      decimalScale={3}
                      allowNegative={false}
                      rightSection="%"
                      key={`${rowKey}-${form.key(`${path}.percentage`)}`}
                      {...percentageProps}
                      onBlur={(event) => {
                        percentageProps.onBlur?.(event);
                        recheckTotal();
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    {type === 'campaigns' ? (
                      <MultiSelect
                        label={L.campaignIds}
                        description={T.campaignsHint}
                        inputWrapperOrder={HINT_BELOW}
                        data={campaignData}
                        placeholder={T.allCampaigns}
                        nothingFoundMessage={T.nothingFound}
                        searchable
                        clearable
                        hidePickedOptions
                        key={`${rowKey}-${type}-${form.key(`${path}.campaignIds`)}`}
                        {...form.getInputProps(`${path}.campaignIds`)}
                      />
                    ) : (
                      <TextInput
                        label={L.url}
                        description={T.tagHints[type]}
                        inputWrapperOrder={HINT_BELOW}
                        dir="ltr"
                        required
                        inputMode="url"
                        autoComplete="off"
                        placeholder="https://"
                        key={`${rowKey}-${type}-${form.key(`${path}.url`)}`}
                        {...form.getInputProps(`${path}.url`)}
                      />
                    )}
                  </Grid.Col>
                </Grid>
                <RemoveRowButton label={T.removeSource(position)} onClick={() => remove(index)} />
              </Group>
            </Paper>
          );
        })}
        <Text size="sm" fw={500} aria-live="polite" data-testid="sources-total">
          {T.total(total)}
        </Text>
        {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
        {canWrite && (
          <Group>
            <Button
              ref={addButton}
              variant="light"
              size="xs"
              onClick={add}
              disabled={sources.length >= BUNDLE_SOURCES_MAX}
            >
              {T.addSource}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
