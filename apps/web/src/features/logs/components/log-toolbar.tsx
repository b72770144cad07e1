import { EVENT_LEVELS, type EventLevel } from '@cuepoint/core';
import { Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useId, useRef, useState } from 'react';
import {
  fromLocalInput,
  invalidCustomRange,
  type LogParams,
  type RangeValue,
  rangeStart,
  toLocalInput,
} from '../log-params.ts';
import { LOG_TEXTS, TIME_RANGES } from '../texts.ts';

/** How long the search waits after the last key before it asks again. */
export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  params: LogParams;
  update: (patch: Partial<LogParams>) => void;
  tail: boolean;
  onTailChange: (on: boolean) => void;
  /** Why the live tail cannot be switched on, if it cannot. */
  tailDisabledReason?: string | undefined;
  onRefresh: () => void;
  refreshing: boolean;
}

const RANGE_DATA = TIME_RANGES.map(({ value, label }) => ({ value, label }));
const LEVEL_DATA = EVENT_LEVELS.map((level) => ({ value: level, label: level }));

/** The log view's toolbar: time range, level, text search and live tail, all kept in the URL. */
export function LogToolbar({
  params,
  update,
  tail,
  onTailChange,
  tailDisabledReason,
  onRefresh,
  refreshing,
}: Props) {
  const tailHintId = useId();
  const changeRange = (value: string | null) => {
    if (!value || value === params.range) return;
    const range = value as RangeValue;
    // A custom range starts where the quick range did, and stays open at the end.
    if (range === 'custom') update({ range, from: rangeStart(params, Date.now()), to: undefined });
    else update({ range });
  };

  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Select
        label={LOG_TEXTS.timeRange}
        data={RANGE_DATA}
        value={params.range}
        onChange={changeRange}
        allowDeselect={false}
        w={180}
      />
      {params.range === 'custom' && <CustomRange params={params} update={update} />}
      <Select
        label={LOG_TEXTS.level}
        placeholder={LOG_TEXTS.anyLevel}
        data={LEVEL_DATA}
        value={params.level ?? null}
        onChange={(value) => update({ level: (value as EventLevel | null) ?? undefined })}
        clearable
        w={150}
      />
      <SearchInput value={params.q} onCommit={(q) => update({ q })} />
      <Stack gap={4} mt={26} maw={220}>
        <Switch
          label={LOG_TEXTS.liveTail}
          aria-describedby={tailHintId}
          checked={tail && !tailDisabledReason}
          disabled={Boolean(tailDisabledReason)}
          onChange={(event) => onTailChange(event.currentTarget.checked)}
        />
        <Text id={tailHintId} size="xs" c="dimmed">
          {tailDisabledReason ?? LOG_TEXTS.liveTailHint}
        </Text>
      </Stack>
      <Button variant="default" onClick={onRefresh} loading={refreshing} mt={25}>
        {LOG_TEXTS.refresh}
      </Button>
    </Group>
  );
}

/** The text search: typed freely, sent to the URL once typing pauses. */
function SearchInput({ value, onCommit }: { value: string; onCommit: (q: string) => void }) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useDebouncedCallback((next: string) => {
    committed.current = next.trim();
    onCommit(next.trim());
  }, SEARCH_DEBOUNCE_MS);
  // A change of the URL from elsewhere (back, a link) shows in the field.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);
  return (
    <TextInput
      type="search"
      label={LOG_TEXTS.search}
      placeholder={LOG_TEXTS.searchPlaceholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      w={240}
    />
  );
}

/** From and To of a custom range: local date-times in the inputs, ISO in the URL. */
function CustomRange({ params, update }: Pick<Props, 'params' | 'update'>) {
  const bad = invalidCustomRange(params);
  return (
    <>
      <DateTimeField
        label={LOG_TEXTS.from}
        iso={params.from}
        onCommit={(from) => update({ range: 'custom', from })}
      />
      <DateTimeField
        label={LOG_TEXTS.to}
        iso={params.to}
        onCommit={(to) => update({ range: 'custom', to })}
        error={bad ? LOG_TEXTS.badFromTo : undefined}
      />
    </>
  );
}

function DateTimeField({
  label,
  iso,
  onCommit,
  error,
}: {
  label: string;
  iso: string | undefined;
  onCommit: (iso: string | undefined) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState(() => toLocalInput(iso));
  useEffect(() => {
    // Follow the URL unless the field already shows that moment.
    setText((current) => (fromLocalInput(current) === iso ? current : toLocalInput(iso)));
  }, [iso]);
  return (
    <TextInput
      type="datetime-local"
      label={label}
      value={text}
      error={error}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setText(value);
        // An incomplete date reads as empty: only a whole date-time, or a cleared field, counts.
        const next = fromLocalInput(value);
        if (value === '' || next) onCommit(next);
      }}
      w={220}
    />
  );
}
