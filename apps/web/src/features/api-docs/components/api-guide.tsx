/**
 * The readable API guide (the customer's and the main administrator's): the base URL and how to
 * authenticate, a table of contents, then each tag's operations, each with its summary and
 * description, its parameters and a curl example carrying the token's placeholder.
 */
import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { type ApiOperation, type ApiTagGroup, consoleApiBase, TOKEN_PLACEHOLDER } from '../openapi.ts';
import { API_DOCS_TEXTS as T } from '../texts.ts';
import { Ltr, MethodBadge, OperationMarks } from './docs-screen.tsx';
import { CurlExample, ParametersTable } from './operation-parts.tsx';

/** A stable, address-safe id of a tag's section (its table-of-contents target). */
export const tagAnchor = (prefix: string, tag: string) =>
  `${prefix}-${
    tag
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'other'
  }`;

/**
 * Where the examples send their calls, and how to authenticate: `auth` leads to the header (code,
 * left to right in any direction), `note` follows it.
 */
export function GuideIntro({ auth, note, children }: { auth: string; note?: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h5">
            {T.guide.baseUrl}
          </Title>
          <Text>
            <Ltr>{consoleApiBase()}</Ltr>
          </Text>
        </Stack>
        <Stack gap={4}>
          <Title order={2} size="h5">
            {T.guide.authTitle}
          </Title>
          <Text size="sm">{auth}</Text>
          <Text>
            <Ltr>{`Authorization: Bearer ${TOKEN_PLACEHOLDER}`}</Ltr>
          </Text>
          {note && <Text size="sm">{note}</Text>}
          {children}
        </Stack>
      </Stack>
    </Card>
  );
}

/**
 * A contents link: scrolls to its section's heading and moves the focus there (keyboard and screen
 * reader users go on from it), without a navigation of the console's router.
 */
function goTo(event: MouseEvent<HTMLAnchorElement>) {
  const id = decodeURIComponent(event.currentTarget.hash.slice(1));
  const heading = document.getElementById(id);
  if (!heading) return;
  event.preventDefault();
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  heading.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  heading.focus({ preventScroll: true });
}

function Contents({ groups, prefix }: { groups: ApiTagGroup[]; prefix: string }) {
  return (
    <Card withBorder padding="md" component="nav" aria-label={T.contents}>
      <Title order={2} size="h5" mb="xs">
        {T.contents}
      </Title>
      <List
        spacing={2}
        size="sm"
        listStyleType="none"
        style={{ columns: '9rem', columnGap: 'var(--mantine-spacing-lg)' }}
      >
        {groups.map((group) => (
          <List.Item key={group.name}>
            <Anchor href={`#${tagAnchor(prefix, group.name)}`} size="sm" onClick={goTo}>
              {group.name}
            </Anchor>{' '}
            <Text span size="xs" c="dimmed">
              ({group.operations.length})
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

function OperationGuide({ operation, headingId }: { operation: ApiOperation; headingId: string }) {
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={headingId}
      data-operation={operation.key}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap" align="center">
          {/* The method and the path name the operation (its heading, the article's name). */}
          <Title
            order={3}
            size="h5"
            id={headingId}
            style={{ minWidth: 0, display: 'flex', gap: 'var(--mantine-spacing-sm)', alignItems: 'center' }}
          >
            <MethodBadge method={operation.method} />{' '}
            <Ltr size="md" fw={600}>
              {operation.path}
            </Ltr>
          </Title>
          <OperationMarks operation={operation} />
        </Group>
        {operation.summary && <Text size="sm">{operation.summary}</Text>}
        {operation.description && (
          <Text size="sm" c="dimmed">
            {operation.description}
          </Text>
        )}
        <Stack gap={6}>
          <Title order={4} size="h6">
            {T.parameters}
          </Title>
          <ParametersTable parameters={operation.parameters} label={`${T.parameters}: ${operation.key}`} />
        </Stack>
        <Stack gap={6}>
          <Title order={4} size="h6">
            {T.guide.example}
          </Title>
          <CurlExample operation={operation} />
        </Stack>
      </Stack>
    </Card>
  );
}

/** The guide's body: contents, then each tag's section of operations. */
export function GuideSections({ groups, prefix }: { groups: ApiTagGroup[]; prefix: string }) {
  return (
    <>
      {groups.length > 1 && <Contents groups={groups} prefix={prefix} />}
      {groups.map((group) => {
        const id = tagAnchor(prefix, group.name);
        return (
          <Stack key={group.name} gap="sm" component="section" aria-labelledby={id} data-tag={group.name}>
            <Group gap="xs" align="baseline" wrap="wrap">
              {/* The contents' target: the heading (focusable from there, not in the tab order). */}
              <Title order={2} size="h3" id={id} tabIndex={-1} style={{ scrollMarginTop: '5rem' }}>
                {group.name}
              </Title>
              <Text size="sm" c="dimmed">
                {T.operations(group.operations.length)}
              </Text>
            </Group>
            {group.description && (
              <Text size="sm" c="dimmed">
                {group.description}
              </Text>
            )}
            {group.operations.map((operation) => (
              <OperationGuide
                key={operation.key}
                operation={operation}
                headingId={`${id}-${operation.method}-${operation.path.replace(/[^A-Za-z0-9]+/g, '-')}`}
              />
            ))}
          </Stack>
        );
      })}
    </>
  );
}

/**
 * The account's API token: where it is (never the token itself), and the way to My Account
 * (none without `onOpenAccount`: a member who is not an owner).
 */
export function TokenNote({ enabled, onOpenAccount }: { enabled: boolean; onOpenAccount?: () => void }) {
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Text size="sm" data-api-access={enabled ? 'on' : 'off'}>
        {enabled ? T.guide.tokenEnabled : T.guide.tokenDisabled}
      </Text>
      {onOpenAccount && (
        <Button size="xs" variant="light" onClick={onOpenAccount}>
          {T.guide.openAccount}
        </Button>
      )}
    </Group>
  );
}
