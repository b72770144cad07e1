import { LAYOUT } from '@cuepoint/core';
import { Button, Drawer, Group, Stack, useDirection } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Clears every filter of the list. */
  onReset: () => void;
  title?: string;
  children: ReactNode;
}

/**
 * The right-hand filter drawer that list screens open for their filters (spec section 1: at
 * most 500 px wide; the full width on a narrower screen). In right-to-left it opens on the left.
 */
export function FilterDrawer({ opened, onClose, onReset, title = 'Filters', children }: Props) {
  const { dir } = useDirection();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position={dir === 'rtl' ? 'left' : 'right'}
      size={`min(${LAYOUT.filterDrawerMaxWidth}px, 100%)`}
      data-testid="filter-drawer"
    >
      <Stack gap="lg">
        {children}
        <Group justify="space-between">
          <Button variant="default" onClick={onReset}>
            Clear filters
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
