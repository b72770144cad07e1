/**
 * A list screen's toolbar: the search field and the Filters button (its count) on the left; the
 * screen's other actions and, last on the right, its primary action (creating a record).
 */
import { RESOURCE_TEXTS } from '@cuepoint/core';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConceptIcon } from '../icons.tsx';
import { KIT_TEXTS } from './texts.ts';

/** A list's primary action: the page that creates a record ("New encoder"). */
export interface ListPrimaryAction {
  label: string;
  to: string;
}

/** The primary action's button (the toolbar's, and the empty state's). */
export function PrimaryActionButton({ action }: { action: ListPrimaryAction }) {
  return (
    <Button component={Link} to={action.to}>
      {action.label}
    </Button>
  );
}

/**
 * The Logs button of a list's toolbar and of a record's header: the log viewer, with the Logs
 * icon (one icon per concept, icons.tsx).
 */
export function LogsButton({ to, label = KIT_TEXTS.logs }: { to: string; label?: string }) {
  return (
    <Button variant="default" component={Link} to={to} leftSection={<ConceptIcon concept="logs" size={16} />}>
      {label}
    </Button>
  );
}

/** Milliseconds of quiet typing before the search text goes to the URL. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListToolbarProps {
  search: string;
  onSearch: (q: string) => void;
  /** Active filters; null when the list has no filters (no button). */
  filterCount: number | null;
  onOpenFilters: () => void;
  /** The screen's other actions (Logs, another view), before the primary one. */
  actions?: ReactNode;
  primaryAction?: ListPrimaryAction;
}

export function ListToolbar({
  search,
  onSearch,
  filterCount,
  onOpenFilters,
  actions,
  primaryAction,
}: ListToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end" wrap="nowrap" style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 420 }}>
        <SearchBox value={search} onSearch={onSearch} />
        {filterCount !== null && (
          <Button variant="default" onClick={onOpenFilters} aria-haspopup="dialog">
            {KIT_TEXTS.filtersButton(RESOURCE_TEXTS.filters, filterCount)}
          </Button>
        )}
      </Group>
      {(actions || primaryAction) && (
        <Group gap="sm">
          {actions}
          {primaryAction && <PrimaryActionButton action={primaryAction} />}
        </Group>
      )}
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
      style={{ flex: '1 1 auto', minWidth: 0, maxWidth: 260 }}
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
