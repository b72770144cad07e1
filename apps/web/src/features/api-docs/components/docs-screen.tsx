/**
 * The frame of the documentation screens that read the OpenAPI document: the title and an intro,
 * the document's loading, failure and empty states, and the plan lock of an entry outside the
 * customer's plan (the sidebar shows it locked; a direct address shows the same prompt here).
 */
import {
  ENTITLEMENT_TEXTS,
  type EnterpriseFeature,
  lockedEntryFeature,
  ROLE_ACCESS_TEXTS,
  upgradePromptOf,
} from '@cuepoint/core';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConceptIcon } from '../../../components/icons.tsx';
import { EnterpriseBadge, usePlanOf } from '../../../components/plan/plan-lock.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { openSettingsDialog } from '../../../lib/settings-dialogs.ts';
import { useOpenApiDocument } from '../api/openapi-document.ts';
import type { ApiDocument, ApiOperation, HttpMethod } from '../openapi.ts';
import { API_DOCS_TEXTS as T } from '../texts.ts';

/** Filled, in shades whose white text reaches AA (4.5:1) contrast. */
const METHOD_COLOURS: Record<HttpMethod, string> = {
  get: 'blue.8',
  post: 'teal.9',
  put: 'grape.8',
  patch: 'cyan.9',
  delete: 'red.9',
  head: 'gray.7',
  options: 'gray.7',
  trace: 'gray.7',
};

/** An operation's method, coloured much as Swagger UI colours it (the word says it too). */
export function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <Badge
      component="span"
      variant="filled"
      color={METHOD_COLOURS[method]}
      radius="sm"
      w={64}
      style={{ flex: 'none', overflow: 'visible' }}
      ff="monospace"
    >
      {method.toUpperCase()}
    </Badge>
  );
}

/** A path, a URL or a name from the API: monospace, left to right in any direction, wrapped anywhere. */
export function Ltr({ children, size = 'sm', fw }: { children: ReactNode; size?: string; fw?: number }) {
  return (
    <Text
      span
      dir="ltr"
      ff="monospace"
      size={size}
      fw={fw}
      style={{ overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}
    >
      {children}
    </Text>
  );
}

/** A link that leaves the console, in a new tab (its name says so). */
export function ExternalLink({ href, size, children }: { href: string; size?: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size={size}>
      {children}
      <ConceptIcon
        concept="external"
        size={14}
        aria-hidden
        style={{ marginInlineStart: 4, verticalAlign: 'middle' }}
      />
      <VisuallyHidden> {T.newTab}</VisuallyHidden>
    </Anchor>
  );
}

/** The marks of an operation: only a main administrator may call it, deprecated. */
export function OperationMarks({ operation }: { operation: ApiOperation }) {
  return (
    <>
      {/* Spaces: the marks are words of a name (a heading's, a button's) beside the path. */}
      {operation.adminOnly && ' '}
      {operation.adminOnly && (
        <Badge
          component="span"
          variant="light"
          color="grape"
          size="sm"
          radius="sm"
          title={T.adminOnlyHint}
          style={{ flex: 'none' }}
        >
          {T.adminOnly}
        </Badge>
      )}
      {operation.deprecated && ' '}
      {operation.deprecated && (
        <Badge component="span" variant="outline" color="gray" size="sm" radius="sm" style={{ flex: 'none' }}>
          {T.deprecated}
        </Badge>
      )}
    </>
  );
}

/** An entry outside the plan: the upgrade prompt's words and its way to My Account. */
function PlanLocked({ feature }: { feature: EnterpriseFeature }) {
  // Upgrading is a team owner's: another member is told to ask one.
  const owner = useRoleAllows('manage');
  return (
    <Alert color="grape" title={ENTITLEMENT_TEXTS.promptTitle} data-plan-lock={feature}>
      <Stack gap="sm" align="flex-start">
        <Group gap="xs">
          <EnterpriseBadge />
          <Text size="sm">{ENTITLEMENT_TEXTS.lockedHint}</Text>
        </Group>
        <Text size="sm">{upgradePromptOf(feature)}</Text>
        {owner ? (
          <Button size="xs" onClick={() => openSettingsDialog('account')}>
            {ENTITLEMENT_TEXTS.upgrade}
          </Button>
        ) : (
          <Text size="sm">{ROLE_ACCESS_TEXTS.upgradeAskOwner}</Text>
        )}
      </Stack>
    </Alert>
  );
}

export interface DocsScreenProps {
  /** The title when the route has none (a test renders the screen alone). */
  fallbackTitle: string;
  intro: ReactNode;
  /** The sidebar entry of the screen, when its plan may lock it (core's PLAN_ENTRIES). */
  entry?: string;
  /** The operations the screen shows (all by default). */
  select?: (document: ApiDocument) => ApiOperation[];
  /** What to say when it shows none. */
  empty?: string;
  children: (document: ApiDocument, operations: ApiOperation[]) => ReactNode;
}

function DocumentState({
  select,
  empty = T.empty,
  children,
}: Omit<DocsScreenProps, 'fallbackTitle' | 'intro'>) {
  const query = useOpenApiDocument();
  const chosen = (document: ApiDocument) => (select ? select(document) : document.operations);
  return (
    <QueryState
      query={query}
      loading={T.loading}
      failed={T.failed}
      empty={{ when: (document) => chosen(document).length === 0, text: empty, concept: 'apiDocumentation' }}
    >
      {(document) => children(document, chosen(document))}
    </QueryState>
  );
}

/** A documentation screen: its title, intro and the document's states around `children`. */
export function DocsScreen({ fallbackTitle, intro, entry, ...state }: DocsScreenProps) {
  const title = useRouteTitle() ?? fallbackTitle;
  const plan = usePlanOf();
  // Unknown plan (no signed-in user): nothing is locked, as elsewhere.
  const lockedBy = entry && plan !== null ? lockedEntryFeature(entry, plan) : null;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      </Stack>
      {lockedBy ? <PlanLocked feature={lockedBy} /> : <DocumentState {...state} />}
    </Stack>
  );
}
