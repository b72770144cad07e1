/**
 * /documentation/swagger-ui: the API's OpenAPI document (the one /api/docs shows), explored in the
 * console: every operation by tag, each one opening onto its parameters, request body and
 * responses. Drawn with the console's own components (its theme, dark scheme, direction), not
 * Swagger UI's page; a link opens that page in a new tab.
 */
import { Accordion, Badge, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useId, useState } from 'react';
import { DocsScreen, ExternalLink, Ltr, MethodBadge, OperationMarks } from '../components/docs-screen.tsx';
import { OperationDetails } from '../components/operation-parts.tsx';
import {
  type ApiDocument,
  type ApiOperation,
  filterOperations,
  groupByTag,
  SERVER_SWAGGER_UI,
} from '../openapi.ts';
import { API_DOCS_TEXTS as T } from '../texts.ts';

function DocumentHeader({ document }: { document: ApiDocument }) {
  return (
    <Card withBorder padding="md">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {document.title}
          </Title>
          {document.version && (
            <Badge variant="outline" color="gray" radius="sm">
              {T.version(document.version)}
            </Badge>
          )}
        </Group>
        {document.description && (
          <Text size="sm" c="dimmed">
            {document.description}
          </Text>
        )}
        <ExternalLink href={SERVER_SWAGGER_UI} size="sm">
          {T.openSwaggerUi}
        </ExternalLink>
      </Stack>
    </Card>
  );
}

function OperationItem({ operation, open }: { operation: ApiOperation; open: boolean }) {
  return (
    <Accordion.Item value={operation.key} data-operation={operation.key}>
      <Accordion.Control>
        {/* Spans: a button holds phrasing content only. */}
        <Group component="span" gap="sm" wrap="nowrap" align="flex-start">
          <MethodBadge method={operation.method} />{' '}
          <Stack component="span" gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group component="span" gap="xs" wrap="wrap">
              <Ltr fw={600}>{operation.path}</Ltr>
              <OperationMarks operation={operation} />
            </Group>{' '}
            {operation.summary && (
              <Text component="span" size="sm" c="dimmed" lineClamp={open ? undefined : 2}>
                {operation.summary}
              </Text>
            )}
          </Stack>
        </Group>
      </Accordion.Control>
      {/* Drawn when open: the whole document's schemas at once would be a heavy page. */}
      <Accordion.Panel>{open && <OperationDetails operation={operation} level={4} />}</Accordion.Panel>
    </Accordion.Item>
  );
}

function TagSection({
  name,
  description,
  operations,
  opened,
  onChange,
}: {
  name: string;
  description?: string | undefined;
  operations: ApiOperation[];
  opened: string[];
  onChange: (value: string[]) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-tag={name}>
      <Group gap="xs" mb={4} align="baseline" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          {T.operations(operations.length)}
        </Text>
      </Group>
      {description && (
        <Text size="sm" c="dimmed" mb="xs">
          {description}
        </Text>
      )}
      <Accordion
        multiple
        variant="separated"
        radius="md"
        value={opened}
        onChange={onChange}
        chevronPosition="right"
      >
        {operations.map((operation) => (
          <OperationItem key={operation.key} operation={operation} open={opened.includes(operation.key)} />
        ))}
      </Accordion>
    </section>
  );
}

function Explorer({ document }: { document: ApiDocument }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [opened, setOpened] = useState<string[]>([]);
  const groups = groupByTag(filterOperations(document.operations, deferred), document.tags);
  return (
    <Stack gap="lg">
      <DocumentHeader document={document} />
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
        groups.map((group) => (
          <TagSection
            key={group.name}
            name={group.name}
            description={group.description}
            operations={group.operations}
            opened={opened}
            onChange={(value) => {
              // One tag's items changed: keep the other tags' open ones.
              const keys = new Set(group.operations.map((o) => o.key));
              setOpened([...opened.filter((key) => !keys.has(key)), ...value]);
            }}
          />
        ))
      )}
    </Stack>
  );
}

export function Component() {
  return (
    <DocsScreen fallbackTitle="Swagger" intro={T.explorer.intro} entry="docs-swagger">
      {(document) => <Explorer document={document} />}
    </DocsScreen>
  );
}
