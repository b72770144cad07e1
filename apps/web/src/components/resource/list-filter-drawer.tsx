/** A list screen's filters (its list shape's), one select each, in the right-hand drawer. */
import { type ListShape, RESOURCE_TEXTS } from '@cuepoint/core';
import { Select } from '@mantine/core';
import { FilterDrawer } from '../filter-drawer.tsx';

export interface ListFilterDrawerProps {
  list: ListShape;
  opened: boolean;
  onClose: () => void;
  /** The filters that are set, by name. */
  values: Readonly<Record<string, string>>;
  /** A filter changed (null clears it). */
  onChange: (name: string, value: string | null) => void;
  onReset: () => void;
  /** Labels of the filters (the filter's name otherwise). */
  labels: Readonly<Record<string, string>>;
  /** Labels of a filter's values, by filter name and value (the value itself otherwise). */
  optionLabels: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export function ListFilterDrawer({
  list,
  opened,
  onClose,
  values,
  onChange,
  onReset,
  labels,
  optionLabels,
}: ListFilterDrawerProps) {
  return (
    <FilterDrawer opened={opened} onClose={onClose} onReset={onReset} title={RESOURCE_TEXTS.filters}>
      {Object.entries(list.filters).map(([name, options]) => (
        <Select
          key={name}
          label={labels[name] ?? name}
          data={options.map((value) => ({ value, label: optionLabels[name]?.[value] ?? value }))}
          value={values[name] ?? null}
          onChange={(value) => onChange(name, value)}
          clearable
          comboboxProps={{ withinPortal: false }}
        />
      ))}
    </FilterDrawer>
  );
}
