import type { ReportTable as Cells } from '@cuepoint/core';
import { Table } from '@mantine/core';

/**
 * The report's table, drawn from core's `reportTable` cells (the CSV export and the mailed CSV
 * are built from the same cells): the group column (and Customer) as row headers' side, the
 * metrics aligned to the end, the totals in the footer.
 */
export function ReportTable({ table, caption }: { table: Cells; caption: string }) {
  const textColumns = table.header[1] === 'Customer' ? 2 : 1;
  const align = (i: number) => (i < textColumns ? 'start' : 'end');
  return (
    <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} aria-labelledby="report-caption">
      <Table striped highlightOnHover captionSide="top" data-report-table>
        {/* An English sentence that starts with a date: its own direction, so right to left keeps the dates in order. */}
        <Table.Caption id="report-caption" dir="auto">
          {caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {table.header.map((cell, i) => (
              <Table.Th key={cell} scope="col" ta={align(i)}>
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own beyond their order
            <Table.Tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <Table.Th key="label" scope="row" fw={500}>
                    {cell}
                  </Table.Th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column
                  <Table.Td key={i} ta={align(i)}>
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            {table.totals.map((cell, i) =>
              i === 0 ? (
                <Table.Th key="label" scope="row">
                  {cell}
                </Table.Th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column
                <Table.Td key={i} ta={align(i)}>
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Saves `text` as a file the browser downloads. */
export function downloadText(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
