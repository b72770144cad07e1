/**
 * /documentation/cuemana: the product manual's index: the API documentation pages this user sees
 * in the sidebar (the same rules: core's navigation and plan locks), the API's own Swagger UI
 * (/api/docs), the Knowledge Base and, when the operator set MANUAL=1 and MANUAL_URL, the manual.
 */
import {
  type EnterpriseFeature,
  entryPath,
  lockedEntryFeature,
  type NavigationEntry,
  visibleNavigation,
} from '@cuepoint/core';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type Concept, ConceptIcon } from '../../../components/icons.tsx';
import { EnterpriseBadge, UpgradePrompt, usePlanOf } from '../../../components/plan/plan-lock.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { ScreenLink } from '../../../components/screen-link.tsx';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { type SessionLoaderData, useSession } from '../../../lib/session.ts';
import { ExternalLink } from '../components/docs-screen.tsx';
import { SERVER_SWAGGER_UI } from '../openapi.ts';
import { API_DOCS_TEXTS } from '../texts.ts';

const T = API_DOCS_TEXTS.manual;
const API_DOCS_GROUP = 'api-documentation';

function Tile({
  concept,
  title,
  hint,
  badge,
}: {
  concept: Concept;
  title: ReactNode;
  hint: string;
  badge?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="li" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text span c="dimmed" lh={0} mt={2}>
          <ConceptIcon concept={concept} size={22} />
        </Text>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{title}</Text>
            {badge}
          </Group>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function TileList({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2 }}
      spacing="md"
      m={0}
      p={0}
      aria-labelledby={labelledBy}
    >
      {children}
    </SimpleGrid>
  );
}

export function Component() {
  const title = useRouteTitle() ?? 'API Documentation';
  const session = useSession() as SessionLoaderData | undefined;
  const plan = usePlanOf();
  const [prompt, setPrompt] = useState<EnterpriseFeature | null>(null);
  const config = runtimeConfig();
  const entries = session ? visibleNavigation(session.user, config, { loginAs: session.loginAs }) : [];
  const docs: NavigationEntry[] = entries.find((entry) => entry.id === API_DOCS_GROUP)?.children ?? [];
  const lockOf = (id: string) => (plan === null ? null : lockedEntryFeature(id, plan));
  const manualUrl = config.MANUAL === 1 && config.MANUAL_URL ? config.MANUAL_URL : null;

  const locked = (label: string, feature: EnterpriseFeature) => ({
    title: label,
    badge: <EnterpriseBadge onClick={() => setPrompt(feature)} />,
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="manual-api-docs">
        <Title order={2} size="h4" id="manual-api-docs">
          {T.apiTitle}
        </Title>
        {docs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.noApiDocs}
          </Text>
        ) : (
          <TileList labelledBy="manual-api-docs">
            {docs.map((entry) => {
              const feature = lockOf(entry.id);
              const parts = feature
                ? locked(entry.label, feature)
                : {
                    title: entry.path ? <ScreenLink to={entry.path}>{entry.label}</ScreenLink> : entry.label,
                  };
              return (
                <Tile key={entry.id} concept="apiDocumentation" hint={T.entries[entry.id] ?? ''} {...parts} />
              );
            })}
            {(() => {
              // The server's Swagger UI: the same document as the Swagger entry, locked with it.
              const feature = lockOf('docs-swagger');
              const parts = feature
                ? locked(T.swaggerUi, feature)
                : { title: <ExternalLink href={SERVER_SWAGGER_UI}>{T.swaggerUi}</ExternalLink> };
              return <Tile concept="external" hint={T.swaggerUiHint} {...parts} />;
            })()}
          </TileList>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="manual-help">
        <Title order={2} size="h4" id="manual-help">
          {T.helpTitle}
        </Title>
        <TileList labelledBy="manual-help">
          <Tile
            concept="knowledgeBase"
            title={<ScreenLink to={entryPath('knowledge-base')}>{T.knowledgeBase}</ScreenLink>}
            hint={T.knowledgeBaseHint}
          />
          {manualUrl && (
            <Tile
              concept="manual"
              title={<ExternalLink href={manualUrl}>{T.manual}</ExternalLink>}
              hint={T.manualHint}
            />
          )}
        </TileList>
      </Stack>
      <UpgradePrompt feature={prompt} onClose={() => setPrompt(null)} />
    </Stack>
  );
}
