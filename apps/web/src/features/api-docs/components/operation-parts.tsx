/**
 * An operation's parts as both documentation screens show them: its parameters (a table), its
 * request body and its responses (each content's schema as a tree), and its curl example.
 */
import { Badge, Box, Group, Stack, Table, Text, Title } from '@mantine/core';
import { CopyButton } from '../../../components/resource/detail-header.tsx';
import {
  type ApiMedia,
  type ApiOperation,
  type ApiParameter,
  curlExample,
  describeConstraints,
  describeType,
} from '../openapi.ts';
import { API_DOCS_TEXTS as T } from '../texts.ts';
import { Ltr } from './docs-screen.tsx';
import { SchemaView } from './schema-view.tsx';

type Level = 3 | 4 | 5;

/** The parameters of an operation (path, query, header), or a line saying it has none. */
export function ParametersTable({ parameters, label }: { parameters: ApiParameter[]; label: string }) {
  if (parameters.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {T.noParameters}
      </Text>
    );
  }
  const C = T.columns;
  return (
    // Focusable: at phone width the keyboard scrolls it.
    <Table.ScrollContainer minWidth={520} type="native" tabIndex={0} aria-label={label}>
      <Table withTableBorder verticalSpacing={6} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{C.name}</Table.Th>
            <Table.Th scope="col">{C.in}</Table.Th>
            <Table.Th scope="col">{C.type}</Table.Th>
            <Table.Th scope="col">{C.description}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parameters.map((p) => {
            const notes = describeConstraints(p.schema);
            return (
              <Table.Tr key={`${p.in}:${p.name}`}>
                <Table.Th scope="row" fw={600}>
                  <Ltr>{p.name}</Ltr>
                  <Text size="xs" c={p.required ? undefined : 'dimmed'} fw={p.required ? 600 : 400}>
                    {p.required ? T.required : T.optional}
                  </Text>
                </Table.Th>
                <Table.Td>{T.locations[p.in] ?? p.in}</Table.Td>
                <Table.Td>
                  <Ltr size="xs">{describeType(p.schema)}</Ltr>
                </Table.Td>
                <Table.Td>
                  {p.description && <Text size="sm">{p.description}</Text>}
                  {notes.length > 0 && (
                    <Text size="xs" c="dimmed">
                      <Ltr size="xs">{notes.join(' · ')}</Ltr>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MediaList({ content }: { content: ApiMedia[] }) {
  if (content.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {T.noSchema}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {content.map((media) => (
        <Stack key={media.contentType} gap={4}>
          <Text size="xs" c="dimmed">
            <Ltr size="xs">{media.contentType}</Ltr>
          </Text>
          <SchemaView schema={media.schema} />
        </Stack>
      ))}
    </Stack>
  );
}

const statusColour = (status: string) =>
  status.startsWith('2')
    ? 'teal.9'
    : status.startsWith('3')
      ? 'blue.8'
      : status.startsWith('4')
        ? 'grape.8'
        : status.startsWith('5')
          ? 'red.9'
          : 'gray.7';

/** Parameters, request body and responses, under headings of `level`. */
export function OperationDetails({ operation, level = 4 }: { operation: ApiOperation; level?: Level }) {
  return (
    <Stack gap="md">
      {operation.description && <Text size="sm">{operation.description}</Text>}
      <Stack gap={6}>
        <Title order={level} size="h6">
          {T.parameters}
        </Title>
        <ParametersTable parameters={operation.parameters} label={`${T.parameters}: ${operation.key}`} />
      </Stack>
      {operation.requestBody && (
        <Stack gap={6}>
          <Title order={level} size="h6">
            {T.requestBody}{' '}
            <Text
              span
              size="xs"
              c={operation.requestBody.required ? undefined : 'dimmed'}
              fw={operation.requestBody.required ? 600 : 400}
            >
              {operation.requestBody.required ? T.required : T.optional}
            </Text>
          </Title>
          {operation.requestBody.description && <Text size="sm">{operation.requestBody.description}</Text>}
          <MediaList content={operation.requestBody.content} />
        </Stack>
      )}
      <Stack gap={6}>
        <Title order={level} size="h6">
          {T.responses}
        </Title>
        {operation.responses.map((response) => (
          <Box key={response.status} data-response={response.status}>
            <Group gap="xs" mb={4} wrap="wrap">
              <Badge variant="filled" color={statusColour(response.status)} radius="sm" ff="monospace">
                {response.status}
              </Badge>
              {response.description && <Text size="sm">{response.description}</Text>}
            </Group>
            <MediaList content={response.content} />
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The curl example of an operation on the console's origin, with the token's placeholder: left
 * to right in any direction, scrollable (and focusable) when wider than the page, with a copy button.
 */
export function CurlExample({ operation }: { operation: ApiOperation }) {
  const code = curlExample(operation);
  const label = T.codeExample(operation.key);
  return (
    <Box pos="relative">
      <Box
        component="pre"
        dir="ltr"
        tabIndex={0}
        role="region"
        aria-label={label}
        m={0}
        p="sm"
        pe={40}
        ff="monospace"
        fz="xs"
        bg="var(--mantine-color-default-hover)"
        bd="1px solid var(--mantine-color-default-border)"
        style={{ overflowX: 'auto', borderRadius: 'var(--mantine-radius-sm)', textAlign: 'left' }}
      >
        <code>{code}</code>
      </Box>
      {/* At the block's end corner (its right: the block is left to right in any direction). */}
      <Box pos="absolute" top={6} right={6}>
        <CopyButton value={code} label={label} />
      </Box>
    </Box>
  );
}
