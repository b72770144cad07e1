/**
 * /documentation/cuemana-ui-old (NEWAPIDOCS not 1): the previous compact reference: one table of
 * method, path and summary per tag, of the operations a customer may call, and a filter box.
 */
import { Stack, Table, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useId, useState } from 'react';
import { DocsScreen, Ltr, MethodBadge, OperationMarks } from '../components/docs-screen.tsx';
import {
  type ApiDocument,
  type ApiOperation,
  type ApiTagGroup,
  filterOperations,
  groupByTag,
} from '../openapi.ts';
import { API_DOCS_TEXTS as T } from '../texts.ts';

function TagTable({ group }: { group: ApiTagGroup }) {
  const id = useId();
  const C = T.columns;
  return (
    <Table.ScrollContainer
      minWidth={640}
      type="native"
      tabIndex={0}
      aria-labelledby={id}
      data-tag={group.name}
    >
      <Table striped highlightOnHover withTableBorder captionSide="top" verticalSpacing={6}>
        <Table.Caption id={id} ta="start" fw={600} fz="md" c="var(--mantine-color-text)">
          {T.reference.caption(group.name)}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={96}>
              {C.method}
            </Table.Th>
            <Table.Th scope="col">{C.path}</Table.Th>
            <Table.Th scope="col">{C.summary}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.operations.map((operation) => (
            <Table.Tr key={operation.key} data-operation={operation.key}>
              <Table.Td>
                <MethodBadge method={operation.method} />
              </Table.Td>
              <Table.Th scope="row" fw={500}>
                <Ltr>{operation.path}</Ltr>
              </Table.Th>
              <Table.Td>
                <Text size="sm">{operation.summary}</Text>
                <OperationMarks operation={operation} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Reference({ document, operations }: { document: ApiDocument; operations: ApiOperation[] }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const groups = groupByTag(filterOperations(operations, deferred), document.tags);
  return (
    <Stack gap="lg">
      <TextInput
        label={T.filter}
        placeholder={T.filterPlaceholder}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        type="search"
        maw={480}
      />
      {groups.length === 0 ? (
        <Text c="dimmed" role="status">
          {T.noMatch(deferred)}
        </Text>
      ) : (
        groups.map((group) => <TagTable key={group.name} group={group} />)
      )}
    </Stack>
  );
}

export function Component() {
  return (
    <DocsScreen
      fallbackTitle="API Documentation"
      intro={T.reference.intro}
      entry="docs-old"
      select={(document) => document.operations.filter((operation) => !operation.adminOnly)}
    >
      {(document, operations) => <Reference document={document} operations={operations} />}
    </DocsScreen>
  );
}
