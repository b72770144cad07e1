/**
 * A list screen's table (wider than a phone): a caption for screen readers (what it holds, how it
 * is sorted), sortable column headers that stay in view while the rows scroll, and the rows
 * (list-rows.tsx) with their action menus.
 */
import type { ResourceKind, SortOrder } from '@cuepoint/core';
import { Box, Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '../icons.tsx';
import type { ListedRow } from './list-cells.tsx';
import { ListRows, type ListRowsProps, type ResourceColumn } from './list-rows.tsx';
import { KIT_TEXTS } from './texts.ts';

export interface ListTableProps<K extends ResourceKind> extends ListRowsProps<K> {
  sort: string;
  order: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
  fetching: boolean;
}

/**
 * The table scrolls within this height, so its sticky header stays in view under the page's
 * header (the title, toolbar and footer take the rest of the viewport).
 */
const TABLE_MAX_HEIGHT = 'max(20rem, calc(100dvh - 16rem))';

export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function ListTable<K extends ResourceKind>(props: ListTableProps<K>) {
  const { spec, columns, sort, order, onSort, fetching } = props;
  const sortable = (column: ResourceColumn<ListedRow<K>>) =>
    column.sortable !== false && spec.list.sortKeys.includes(column.key);
  const sortColumn = columns.find((c) => c.key === sort);
  return (
    <Table.ScrollContainer minWidth={600} maxHeight={TABLE_MAX_HEIGHT} type="native">
      <Table striped highlightOnHover stickyHeader verticalSpacing="xs" aria-busy={fetching}>
        <Table.Caption style={visuallyHidden}>
          {KIT_TEXTS.caption(spec.plural, sortColumn?.label ?? sort, order)}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const active = sort === column.key;
              if (!sortable(column)) return <Table.Th key={column.key}>{column.label}</Table.Th>;
              return (
                <Table.Th
                  key={column.key}
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton
                    fw={700}
                    fz="sm"
                    onClick={() => onSort(column.key, active ? (order === 'asc' ? 'desc' : 'asc') : 'asc')}
                  >
                    <Group gap={4} wrap="nowrap">
                      {column.label}
                      <IconChevronDown
                        size={14}
                        style={{
                          opacity: active ? 1 : 0.35,
                          transform: active && order === 'asc' ? 'rotate(180deg)' : undefined,
                        }}
                      />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            <Table.Th>
              <Box component="span" style={visuallyHidden}>
                {KIT_TEXTS.actions}
              </Box>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <ListRows {...props} />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
