/**
 * The list editors of the datasource form: bundles (with their live total), mid-roll layouts and
 * tolerations. Each row is a named group of inputs bound to `{list}.{index}.{field}`; adding a
 * row focuses its first input, removing one puts the focus on the add button.
 */
import {
  BUNDLES_PATH,
  LIVE_STREAM_LABELS as L,
  type LiveStream,
  liveStreamSchema,
  TOLERATION_EFFECTS,
  TRANSITIONS,
} from '@cuepoint/core';
import {
  Anchor,
  Button,
  Fieldset,
  Grid,
  Group,
  Input,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RemoveRowButton } from '../../../components/remove-row-button.tsx';
import { recheckFields } from '../../../lib/recheck-fields.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { DATASOURCE_TEXTS as T } from '../texts.ts';
import type { DatasourceForm } from './datasource-values.ts';

type ListField = 'bundles' | 'midrollLayouts' | 'tolerations';

interface RowsEditorProps {
  form: DatasourceForm;
  path: ListField;
  legend: string;
  /** Names one row ('Bundle' -> 'Bundle 2', 'Remove bundle 2'). */
  rowLabel: string;
  addLabel: string;
  emptyText: string;
  /** The row a click on the add button appends. */
  newItem: () => unknown;
  /** The field of a row that takes the focus when the row is added. */
  firstField: string;
  /** The inputs of one row; `rowKey` keeps each input's key unique to the list's current order. */
  renderRow: (index: number, rowKey: string) => ReactNode;
  /** Shown under the rows (the bundles total). */
  footer?: ReactNode;
  /** After a row is added or removed. */
  onRowsChange?: () => void;
}

function RowsEditor({
  form,
  path,
  legend,
  rowLabel,
  addLabel,
  emptyText,
  newItem,
  firstField,
  renderRow,
  footer,
  onRowsChange,
}: RowsEditorProps) {
  // A viewer reads the rows: adding, removing and reordering are edits it may not save.
  const canWrite = useRoleAllows('write');
  const rows = (form.useWatchValue(path) ?? []) as readonly unknown[];
  // Inputs are uncontrolled: after a removal every row remounts so each shows its new values.
  const [generation, setGeneration] = useState(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  const focusPath = useRef<string | null>(null);
  const errorId = useId();
  const error = form.errors[path];

  useEffect(() => {
    if (focusPath.current === null) return;
    const input = root.current?.querySelector<HTMLElement>(`[data-path="${focusPath.current}"]`);
    focusPath.current = null;
    input?.focus();
  });

  const add = () => {
    focusPath.current = `${path}.${rows.length}.${firstField}`;
    form.insertListItem(path, newItem() as never);
    onRowsChange?.();
  };
  const remove = (index: number) => {
    form.removeListItem(path, index);
    setGeneration((value) => value + 1);
    onRowsChange?.();
    addButton.current?.focus();
  };

  return (
    <Fieldset
      ref={root}
      legend={legend}
      variant="filled"
      aria-describedby={error ? errorId : undefined}
      data-path={path}
    >
      <Stack gap="sm">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        )}
        {rows.map((_, index) => {
          const position = index + 1;
          const rowKey = `${generation}-${index}`;
          return (
            <Group
              key={rowKey}
              role="group"
              aria-label={T.row(rowLabel, position)}
              align="flex-start"
              wrap="nowrap"
              gap="sm"
            >
              {renderRow(index, rowKey)}
              <RemoveRowButton label={T.removeRow(rowLabel, position)} onClick={() => remove(index)} />
            </Group>
          );
        })}
        {footer}
        {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
        {canWrite && (
          <Group>
            <Button ref={addButton} variant="light" size="xs" onClick={add}>
              {addLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

/** Blur handler of an input of a row: Mantine's own check of the field, then the list-wide rules. */
const withRecheck =
  (form: DatasourceForm, onBlur: ((event: unknown) => void) | undefined, fields: readonly string[]) =>
  (event: unknown) => {
    onBlur?.(event);
    recheckFields(form, liveStreamSchema, fields);
  };

const sumPercentages = (bundles: readonly { percentage?: unknown }[]) => {
  const total = bundles.reduce<number>((sum, bundle) => {
    const value = typeof bundle.percentage === 'number' ? bundle.percentage : Number(bundle.percentage);
    return Number.isFinite(value) ? sum + value : sum;
  }, 0);
  return Math.round(total * 1000) / 1000;
};

/**
 * Internal demand: bundle entries whose percentages must total 100. Each entry picks one of the
 * account's bundles (/demand), whose demand fills its share of the avails (the entry takes the
 * bundle's name); an entry without one stays valid (a name only) but gets no ads, and says so.
 */
export function BundlesEditor({
  form,
  bundles,
}: {
  form: DatasourceForm;
  /** The account's bundles to pick from. */
  bundles: readonly { value: string; label: string }[];
}) {
  const entries = (form.useWatchValue('bundles') ?? []) as readonly {
    percentage?: unknown;
    bundleId?: string | null;
  }[];
  const total = sumPercentages(entries);
  const bundleData = bundles.map(({ value, label }) => ({ value, label }));
  return (
    <Stack gap="xs">
      <RowsEditor
        form={form}
        path="bundles"
        legend={L.bundles}
        rowLabel={L.bundleName}
        addLabel={T.addBundle}
        emptyText={T.noBundles}
        newItem={() => ({ name: '', percentage: 0, bundleId: null })}
        firstField="bundleId"
        onRowsChange={() => recheckFields(form, liveStreamSchema, ['bundles'])}
        footer={
          <Text size="sm" fw={500} aria-live="polite" data-testid="bundles-total">
            {T.bundlesTotal(total)}
          </Text>
        }
        renderRow={(index, rowKey) => {
          const name = `bundles.${index}.name`;
          const bundleId = `bundles.${index}.bundleId`;
          const percentage = `bundles.${index}.percentage`;
          const percentageProps = form.getInputProps(percentage);
          const bundleProps = form.getInputProps(bundleId);
          const picked = entries[index]?.bundleId ?? null;
          return (
            // Wraps below the phone breakpoint: three inputs side by side would be too narrow.
            <Grid style={{ flex: 1 }} gap="sm">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <Select
                  label={T.demandBundle}
                  description={picked === null ? T.noDemand : undefined}
                  // Under the input, so the row's inputs stay in one line.
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  data={bundleData}
                  placeholder={T.noBundlePicked}
                  nothingFoundMessage={T.noBundlesFound}
                  searchable
                  clearable
                  data-path={bundleId}
                  key={`${rowKey}-${form.key(bundleId)}`}
                  {...bundleProps}
                  onChange={(value) => {
                    bundleProps.onChange(value);
                    // The entry takes the name of the bundle it picks.
                    const chosen = bundles.find((bundle) => bundle.value === value);
                    if (chosen) {
                      form.setFieldValue(name, chosen.label);
                      form.clearFieldError(name);
                    }
                  }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label={L.bundleName}
                  required
                  key={`${rowKey}-${form.key(name)}`}
                  {...form.getInputProps(name)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <NumberInput
                  label={L.percentage}
                  required
                  decimalScale={3}
                  rightSection="%"
                  key={`${rowKey}-${form.key(percentage)}`}
                  {...percentageProps}
                  onBlur={withRecheck(form, percentageProps.onBlur, ['bundles'])}
                />
              </Grid.Col>
            </Grid>
          );
        }}
      />
      <Text size="sm">
        {T.bundlesManaged}{' '}
        <Anchor component={Link} to={BUNDLES_PATH} underline="always">
          {T.manageBundles}
        </Anchor>
      </Text>
    </Stack>
  );
}

type Layout = LiveStream['midrollLayouts'][number];

/** Mid-roll layouts: a name, a transition and its duration (0.1 to 4 s). */
export function LayoutsEditor({ form }: { form: DatasourceForm }) {
  return (
    <RowsEditor
      form={form}
      path="midrollLayouts"
      legend={L.midrollLayouts}
      rowLabel={L.layoutName}
      addLabel={T.addLayout}
      emptyText={T.noLayouts}
      // No transition until the user picks one: the rule says it is required.
      newItem={() => ({ name: '', transition: null, duration: 1 }) as unknown as Layout}
      firstField="name"
      renderRow={(index, rowKey) => {
        const name = `midrollLayouts.${index}.name`;
        const transition = `midrollLayouts.${index}.transition`;
        const duration = `midrollLayouts.${index}.duration`;
        return (
          <>
            <TextInput
              label={L.layoutName}
              required
              style={{ flex: 2 }}
              key={`${rowKey}-${form.key(name)}`}
              {...form.getInputProps(name)}
            />
            <Select
              label={L.transition}
              required
              data={TRANSITIONS}
              style={{ flex: 2 }}
              key={`${rowKey}-${form.key(transition)}`}
              {...form.getInputProps(transition)}
            />
            <NumberInput
              label={L.duration}
              required
              step={0.1}
              decimalScale={3}
              style={{ flex: 1 }}
              key={`${rowKey}-${form.key(duration)}`}
              {...form.getInputProps(duration)}
            />
          </>
        );
      }}
    />
  );
}

/** Tolerations of the stream's pods: key, value and effect. */
export function TolerationsEditor({ form }: { form: DatasourceForm }) {
  return (
    <RowsEditor
      form={form}
      path="tolerations"
      legend={L.tolerations}
      rowLabel={T.toleration}
      addLabel={T.addToleration}
      emptyText={T.noTolerations}
      newItem={() => ({ key: '', value: '', effect: TOLERATION_EFFECTS[0] })}
      firstField="key"
      renderRow={(index, rowKey) => {
        const key = `tolerations.${index}.key`;
        const value = `tolerations.${index}.value`;
        const effect = `tolerations.${index}.effect`;
        return (
          <>
            <TextInput
              label={L.tolerationKey}
              dir="ltr"
              required
              style={{ flex: 2 }}
              key={`${rowKey}-${form.key(key)}`}
              {...form.getInputProps(key)}
            />
            <TextInput
              label={L.tolerationValue}
              dir="ltr"
              required
              style={{ flex: 2 }}
              key={`${rowKey}-${form.key(value)}`}
              {...form.getInputProps(value)}
            />
            <Select
              label={L.tolerationEffect}
              required
              data={TOLERATION_EFFECTS}
              allowDeselect={false}
              style={{ flex: 2 }}
              key={`${rowKey}-${form.key(effect)}`}
              {...form.getInputProps(effect)}
            />
          </>
        );
      }}
    />
  );
}
