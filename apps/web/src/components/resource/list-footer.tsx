/** A list screen's footer: which rows show of how many, the pages, and the page size. */
import { PAGE_SIZE_VALUES, type PageSizeValue } from '@cuepoint/core';
import { Box, Group, Pagination, Select, Text } from '@mantine/core';
import { KIT_TEXTS } from './texts.ts';

export interface ListFooterProps<Size extends string = PageSizeValue> {
  page: number;
  pages: number;
  pageSize: Size;
  /** The page sizes offered (the resource lists' by default: 10 to 100, and All). */
  pageSizes?: readonly Size[];
  /** Rows a page holds. */
  size: number;
  total: number;
  /** All shows at most `size` rows a page, fewer than match. */
  allCapped?: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: Size) => void;
}

export function ListFooter<Size extends string = PageSizeValue>({
  page,
  pages,
  pageSize,
  pageSizes = PAGE_SIZE_VALUES as unknown as readonly Size[],
  size,
  total,
  allCapped = false,
  onPage,
  onPageSize,
}: ListFooterProps<Size>) {
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" aria-live="polite">
        {KIT_TEXTS.showing(first, last, total)}
        {allCapped && ` · ${KIT_TEXTS.allCapped(size)}`}
      </Text>
      <Group gap="md">
        {pages > 1 && (
          <Box component="nav" aria-label={KIT_TEXTS.pagination}>
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={onPage}
              size="sm"
              getItemProps={(item) => ({ 'aria-label': KIT_TEXTS.page(item) })}
              getControlProps={(control) =>
                control === 'previous'
                  ? { 'aria-label': KIT_TEXTS.previousPage }
                  : control === 'next'
                    ? { 'aria-label': KIT_TEXTS.nextPage }
                    : {}
              }
            />
          </Box>
        )}
        <PageSizeSelect value={pageSize} values={pageSizes} onChange={onPageSize} />
      </Group>
    </Group>
  );
}

function PageSizeSelect<Size extends string>({
  value,
  values,
  onChange,
}: {
  value: Size;
  values: readonly Size[];
  onChange: (value: Size) => void;
}) {
  return (
    <Select
      label={KIT_TEXTS.pageSize}
      size="xs"
      w={110}
      data={[...values]}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next as Size)}
    />
  );
}
