/** A list screen's toolbar: the search field, the Filters button (its count), the screen's own actions. */
import { RESOURCE_TEXTS } from '@cuepoint/core';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { KIT_TEXTS } from './texts.ts';

/** Milliseconds of quiet typing before the search text goes to the URL. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListToolbarProps {
  search: string;
  onSearch: (q: string) => void;
  /** Active filters; null when the list has no filters (no button). */
  filterCount: number | null;
  onOpenFilters: () => void;
  actions?: ReactNode;
}

export function ListToolbar({ search, onSearch, filterCount, onOpenFilters, actions }: ListToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end">
        <SearchBox value={search} onSearch={onSearch} />
        {filterCount !== null && (
          <Button variant="default" onClick={onOpenFilters} aria-haspopup="dialog">
            {KIT_TEXTS.filtersButton(RESOURCE_TEXTS.filters, filterCount)}
          </Button>
        )}
      </Group>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

/** The search field: what the user types goes to the URL after a short pause. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const send = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onSearch(next);
  }, SEARCH_DEBOUNCE_MS);
  // The URL changed by other means (clear filters, back button): show what it says.
  useEffect(() => {
    if (value !== sent.current) {
      send.cancel();
      sent.current = value;
      setText(value);
    }
  }, [value, send]);
  return (
    <TextInput
      label={RESOURCE_TEXTS.searchPlaceholder}
      placeholder={RESOURCE_TEXTS.searchPlaceholder}
      type="search"
      value={text}
      w={260}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') send.flush();
      }}
    />
  );
}
