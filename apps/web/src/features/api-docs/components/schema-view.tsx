/**
 * A JSON schema as a compact tree: each field with its type, whether it is required, its
 * description and constraints; an object or array field opens (a native disclosure, so the
 * keyboard and screen readers handle it) onto its own fields.
 */
import { Box, Group, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { describeConstraints, describeType, type JsonSchema } from '../openapi.ts';
import { API_DOCS_TEXTS as T } from '../texts.ts';
import { Ltr } from './docs-screen.tsx';

/** How deep the tree goes (a deeper field shows its type only). */
const MAX_DEPTH = 8;

const LIST: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  paddingInlineStart: 'var(--mantine-spacing-sm)',
  borderInlineStart: '1px solid var(--mantine-color-default-border)',
};

/** The fields a schema opens onto: an object's, an array's items', or each choice's. */
function childrenOf(schema: JsonSchema): JsonSchema[] {
  if (schema.properties && Object.keys(schema.properties).length > 0) return [schema];
  if (schema.items) return childrenOf(schema.items);
  const parts = schema.allOf ?? schema.oneOf ?? schema.anyOf ?? [];
  return parts.flatMap(childrenOf);
}

function Notes({ schema }: { schema: JsonSchema }) {
  const notes = describeConstraints(schema);
  return (
    <>
      {schema.description && (
        <Text size="xs" c="dimmed">
          {schema.description}
        </Text>
      )}
      {notes.length > 0 && (
        <Text size="xs" c="dimmed">
          <Ltr size="xs">{notes.join(' · ')}</Ltr>
        </Text>
      )}
    </>
  );
}

function FieldLine({ name, schema, required }: { name: string; schema: JsonSchema; required: boolean }) {
  return (
    <Group gap={6} wrap="wrap" component="span" style={{ display: 'inline-flex' }}>
      <Ltr size="xs" fw={600}>
        {name}
      </Ltr>
      <Ltr size="xs">
        <Text span c="dimmed" size="xs">
          {describeType(schema)}
        </Text>
      </Ltr>
      <Text span size="xs" c={required ? undefined : 'dimmed'} fw={required ? 600 : 400}>
        {required ? T.required : T.optional}
      </Text>
    </Group>
  );
}

function Fields({ schema, depth }: { schema: JsonSchema; depth: number }) {
  const parents = childrenOf(schema);
  return (
    <Box component="ul" style={LIST} py={2}>
      {parents.flatMap((parent) =>
        Object.entries(parent.properties ?? {}).map(([name, child]) => {
          const required = parent.required?.includes(name) ?? false;
          const nested = depth < MAX_DEPTH && childrenOf(child).length > 0;
          return (
            <Box component="li" key={name} py={2}>
              {nested ? (
                <details>
                  <summary style={{ cursor: 'pointer' }}>
                    <FieldLine name={name} schema={child} required={required} />
                  </summary>
                  <Notes schema={child} />
                  <Fields schema={child} depth={depth + 1} />
                </details>
              ) : (
                <>
                  <FieldLine name={name} schema={child} required={required} />
                  <Notes schema={child} />
                </>
              )}
            </Box>
          );
        }),
      )}
    </Box>
  );
}

/** A body's schema: its type, and the tree of its fields. */
export function SchemaView({ schema }: { schema?: JsonSchema | undefined }) {
  if (!schema) {
    return (
      <Text size="sm" c="dimmed">
        {T.noSchema}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        <Ltr size="xs">{describeType(schema)}</Ltr>
      </Text>
      <Notes schema={schema} />
      {childrenOf(schema).length > 0 && <Fields schema={schema} depth={0} />}
    </Stack>
  );
}
