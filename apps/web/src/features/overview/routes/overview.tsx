import {
  ALARM_SEVERITIES,
  type AlarmSeverity,
  ENCODER_PATH,
  entryPath,
  LIVE_STREAMS_PATH,
  type OverviewResponse,
  SLATES_PATH,
  STREAMER_PATH,
  VOD_PATH,
} from '@cuepoint/core';
import { Alert, Button, Card, Checkbox, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlarmList } from '../../../components/alarms/alarm-list.tsx';
import { useAlarms } from '../../../components/alarms/get-alarms.ts';
import { FilterDrawer } from '../../../components/filter-drawer.tsx';
import { type Concept, ConceptIcon } from '../../../components/icons.tsx';
import { ScreenLink } from '../../../components/screen-link.tsx';
import { useSession } from '../../../lib/session.ts';
import { useOverview } from '../api/get-overview.ts';

type Counts = OverviewResponse['counts'];
/** Each tile: what it counts, where it leads and its concept's icon (the sidebar's for that screen). */
const COUNT_LABELS: { key: keyof Counts; label: string; concept: Concept; to?: string }[] = [
  { key: 'customers', label: 'Customers', concept: 'customers', to: entryPath('customers') },
  { key: 'pendingReview', label: 'Awaiting review', concept: 'customers', to: entryPath('customers') },
  { key: 'users', label: 'Users', concept: 'users', to: entryPath('user') },
  { key: 'activeUsers', label: 'Active users', concept: 'users', to: entryPath('user') },
  { key: 'activeSessions', label: 'Signed-in sessions', concept: 'sessions' },
  { key: 'alarms24h', label: 'Alarms (24 h)', concept: 'alarms', to: entryPath('alarms') },
  { key: 'liveStreams', label: 'Live streams', concept: 'liveStreams', to: LIVE_STREAMS_PATH },
  { key: 'vodAssets', label: 'VOD assets', concept: 'vod', to: VOD_PATH },
  { key: 'streamerChannels', label: 'Streamer channels', concept: 'streamer', to: STREAMER_PATH },
  { key: 'slates', label: 'Slates', concept: 'slates', to: SLATES_PATH },
  { key: 'encoders', label: 'Encoders', concept: 'encoders', to: ENCODER_PATH },
];

const GET_STARTED: { label: string; concept: Concept; to: string; text: string }[] = [
  {
    label: 'Live streams',
    concept: 'liveStreams',
    to: LIVE_STREAMS_PATH,
    text: 'Configure a live channel and its ad breaks.',
  },
  { label: 'VOD', concept: 'vod', to: VOD_PATH, text: 'Add on-demand assets with ad cue points.' },
  {
    label: 'Slates',
    concept: 'slates',
    to: SLATES_PATH,
    text: 'Upload the fill shown when no ad is available.',
  },
  {
    label: 'Bundles',
    concept: 'bundles',
    to: entryPath('bundles'),
    text: 'Set up the ad demand your streams draw from.',
  },
];

/** The dashboard of the signed-in account: counts of what exists, recent alarms for a main admin. */
export function Component() {
  const { user } = useSession();
  const overview = useOverview();
  const admin = user.profile.isMainAdmin;
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>Overview</Title>
        <Group gap="xs">
          <Text c="dimmed">Signed in as {user.email}</Text>
          <Text c="dimmed">·</Text>
          <Text c="dimmed">{admin ? 'Main administrator' : user.customerId.name}</Text>
        </Group>
      </Stack>
      {overview.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading the overview…</Text>
        </Group>
      ) : overview.isError ? (
        <Alert color="red" title="The overview could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{overview.error.message}</Text>
            <Button size="xs" variant="filled" color="red.9" onClick={() => void overview.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} data-testid="overview-counts">
          {COUNT_LABELS.filter(({ key }) => overview.data.counts[key] !== undefined).map(
            ({ key, label, concept, to }) => (
              <Card key={key} withBorder padding="md" data-tile={key}>
                <Group gap={6} wrap="nowrap" c="dimmed">
                  <ConceptIcon concept={concept} size={18} />
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                </Group>
                <Text fz={28} fw={700} data-count={key}>
                  {overview.data.counts[key]!.toLocaleString()}
                </Text>
                {to && (
                  <ScreenLink to={to} size="xs" aria-label={`View ${label.toLowerCase()}`}>
                    View
                  </ScreenLink>
                )}
              </Card>
            ),
          )}
        </SimpleGrid>
      )}
      {admin ? <RecentAlarms /> : <GetStarted />}
    </Stack>
  );
}

function GetStarted() {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Get started
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {GET_STARTED.map((item) => (
          <Stack key={item.to} gap={2}>
            <Group gap={6} wrap="nowrap">
              <ConceptIcon concept={item.concept} size={18} />
              <ScreenLink to={item.to} fw={600}>
                {item.label}
              </ScreenLink>
            </Group>
            <Text size="sm" c="dimmed">
              {item.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}

const SEVERITY_PARAM = 'severity';

/** The newest alarms, filterable by severity in the right-hand drawer (kept in the URL). */
function RecentAlarms() {
  const alarms = useAlarms();
  const [params, setParams] = useSearchParams();
  const [drawer, setDrawer] = useState(false);
  const selected = (params.get(SEVERITY_PARAM)?.split(',') ?? []).filter((s): s is AlarmSeverity =>
    (ALARM_SEVERITIES as readonly string[]).includes(s),
  );
  const setSelected = (next: string[]) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next.length > 0) copy.set(SEVERITY_PARAM, next.join(','));
        else copy.delete(SEVERITY_PARAM);
        return copy;
      },
      { replace: true },
    );
  const shown = (alarms.data ?? [])
    .filter((a) => selected.length === 0 || selected.includes(a.severity))
    .slice(0, 10);

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Recent alarms
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setDrawer(true)}>
            Filters{selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
          <ScreenLink to={entryPath('alarms')} size="sm">
            All alarms
          </ScreenLink>
        </Group>
      </Group>
      {alarms.isPending ? (
        <Loader size="sm" aria-label="Loading alarms" />
      ) : alarms.isError ? (
        <Text size="sm" c="red">
          The alarms could not be loaded: {alarms.error.message}
        </Text>
      ) : (
        <AlarmList
          alarms={shown}
          empty={selected.length > 0 ? 'No alarms match these filters.' : 'No alarms have been raised.'}
        />
      )}
      <FilterDrawer opened={drawer} onClose={() => setDrawer(false)} onReset={() => setSelected([])}>
        <Checkbox.Group label="Severity" value={selected} onChange={setSelected}>
          <SimpleGrid cols={2} mt="xs">
            {ALARM_SEVERITIES.map((severity) => (
              <Checkbox key={severity} value={severity} label={severity} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </FilterDrawer>
    </Card>
  );
}
