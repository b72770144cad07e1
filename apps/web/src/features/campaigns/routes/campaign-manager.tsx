/**
 * /cm, the campaign manager (spec: "/cm requires login": any signed-in user who sees Campaigns):
 * every campaign of the account by where its flight stands (running now, scheduled, ended,
 * inactive: computed from its dates and status, chosen with the chips, kept in the URL as
 * ?state=), with its delivery so far from the ad server's counters (impressions counted of
 * booked, and those held for ads in flight; ads served; revenue; today's impressions), totals on top, and the ways to the list, the trash and a new
 * campaign. The figures refresh every minute while the page is open.
 */
import {
  type CampaignDelivery,
  FLIGHT_STATE_LABELS,
  FLIGHT_STATES,
  type FlightState,
  flightStateOf,
  RESOURCES,
} from '@cuepoint/core';
import {
  Alert,
  Anchor,
  Button,
  Chip,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { resourceOptionsQuery, useResourceOptions } from '../../../components/resource/resource-options.ts';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { type SessionLoaderData, useSession } from '../../../lib/session.ts';
import { deliveryOptions } from '../api/delivery.ts';
import { FlightDates } from '../components/flight-dates.tsx';
import { FlightStateBadge } from '../components/flight-state-badge.tsx';
import { countText, revenueText } from '../format.ts';
import { CAMPAIGN_PATHS } from '../paths.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

const STATE_PARAM = 'state';
const NO_DELIVERY: Omit<CampaignDelivery, 'campaignId'> = {
  served: 0,
  impressions: 0,
  revenueMillicents: 0,
  servedToday: 0,
  impressionsToday: 0,
  held: 0,
};

/** The clock, read again every minute (a flight's state changes as time passes). */
function useNow(everyMs = 60_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const isState = (value: string | null): value is FlightState =>
  value !== null && (FLIGHT_STATES as readonly string[]).includes(value);

export function Component() {
  const title = useRouteTitle();
  const session = useSession() as SessionLoaderData | undefined;
  const admin = session?.user.profile.isMainAdmin ?? false;
  // A viewer reads the flights: New campaign is a write the server would refuse it.
  const canWrite = useRoleAllows('write');
  const [params, setParams] = useSearchParams();
  const chosen = params.get(STATE_PARAM);
  const state = isState(chosen) ? chosen : 'all';
  const now = useNow();
  const campaigns = useQuery(resourceOptionsQuery<'campaign'>(RESOURCES.campaign));
  const delivery = useQuery(deliveryOptions());
  const { options: advertisers } = useResourceOptions(RESOURCES.advertiser);
  const filterLabel = useId();

  const choose = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'all') copy.delete(STATE_PARAM);
        else copy.set(STATE_PARAM, next);
        return copy;
      },
      { replace: true },
    );

  const deliveryOf = new Map((delivery.data?.data ?? []).map((row) => [row.campaignId, row]));
  const rows = (campaigns.data ?? []).map(({ record }) => ({
    record,
    state: flightStateOf(record, now),
    delivery: deliveryOf.get(record._id) ?? { campaignId: record._id, ...NO_DELIVERY },
  }));
  const counts = Object.fromEntries(
    FLIGHT_STATES.map((s) => [s, rows.filter((row) => row.state === s).length]),
  );
  const shown = rows
    .filter((row) => state === 'all' || row.state === state)
    .sort((a, b) => FLIGHT_STATES.indexOf(a.state) - FLIGHT_STATES.indexOf(b.state));
  const advertiserName = (id: string) => advertisers.find((a) => a.value === id)?.label ?? KIT_TEXTS.empty;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            {T.managerIntro}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" component={Link} to={CAMPAIGN_PATHS.list}>
            {T.campaignsList}
          </Button>
          <Button variant="default" component={Link} to={CAMPAIGN_PATHS.deleted}>
            {T.deletedCampaigns}
          </Button>
          {canWrite && (
            <Button component={Link} to={CAMPAIGN_PATHS.create}>
              {T.newCampaign}
            </Button>
          )}
        </Group>
      </Group>

      <QueryState
        query={campaigns}
        loading={T.loadingManager}
        failed={T.managerFailed}
        empty={{
          when: (data) => data.length === 0,
          text: T.noCampaigns,
          concept: 'campaigns',
          testId: 'manager-empty',
        }}
      >
        {() => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Stat label={T.totals.campaigns} value={countText(rows.length)} />
              <Stat label={T.totals.running} value={countText(counts.running ?? 0)} />
              <Stat
                label={T.totals.impressions}
                value={countText(rows.reduce((sum, row) => sum + row.delivery.impressions, 0))}
              />
              <Stat
                label={T.totals.revenue}
                value={revenueText(rows.reduce((sum, row) => sum + row.delivery.revenueMillicents, 0))}
              />
            </SimpleGrid>
            {delivery.isError && (
              <Alert color="yellow" role="status">
                <Group gap="sm" justify="space-between">
                  <Text size="sm">{T.deliveryFailed}</Text>
                  <Button size="xs" variant="default" onClick={() => void delivery.refetch()}>
                    {T.retry}
                  </Button>
                </Group>
              </Alert>
            )}
            <Stack gap={6}>
              <Text id={filterLabel} size="sm" fw={500}>
                {T.stateFilter}
              </Text>
              <Chip.Group multiple={false} value={state} onChange={choose}>
                <Group gap="xs" role="radiogroup" aria-labelledby={filterLabel}>
                  <Chip value="all" variant="outline">
                    {T.stateCount(T.allStates, rows.length)}
                  </Chip>
                  {FLIGHT_STATES.map((s) => (
                    <Chip key={s} value={s} variant="outline">
                      {T.stateCount(FLIGHT_STATE_LABELS[s], counts[s] ?? 0)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
            {shown.length === 0 ? (
              <Text size="sm" py="md" data-testid="manager-none-in-state">
                {T.noCampaignsInState(FLIGHT_STATE_LABELS[state as FlightState] ?? '')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={960}>
                <Table striped highlightOnHover verticalSpacing="sm" aria-label={T.managerTable}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{RESOURCES.campaign.label}</Table.Th>
                      {admin && <Table.Th scope="col">{KIT_TEXTS.customer}</Table.Th>}
                      <Table.Th scope="col">{T.advertiser}</Table.Th>
                      <Table.Th scope="col">{T.stateFilter}</Table.Th>
                      <Table.Th scope="col">{T.flight}</Table.Th>
                      <Table.Th scope="col">{T.delivery}</Table.Th>
                      <Table.Th scope="col">{T.served}</Table.Th>
                      <Table.Th scope="col">{T.revenue}</Table.Th>
                      <Table.Th scope="col">{T.today}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map(({ record, state: rowState, delivery: d }) => (
                      <Table.Tr key={record._id} data-testid="manager-row">
                        <Table.Td miw={160}>
                          <Anchor component={Link} to={CAMPAIGN_PATHS.detail(record._id)} fw={600}>
                            {record.name}
                          </Anchor>
                        </Table.Td>
                        {admin && (
                          <Table.Td>
                            {(record as { customerName?: string }).customerName ?? KIT_TEXTS.empty}
                          </Table.Td>
                        )}
                        <Table.Td>{advertiserName(record.advertiserId)}</Table.Td>
                        <Table.Td>
                          <FlightStateBadge state={rowState} />
                        </Table.Td>
                        <Table.Td>
                          <FlightDates campaign={record} />
                        </Table.Td>
                        <Table.Td miw={150}>
                          <Stack gap={4}>
                            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                              <bdi>
                                {record.bookedImpressions > 0
                                  ? T.impressionsOfBooked(
                                      countText(d.impressions),
                                      countText(record.bookedImpressions),
                                    )
                                  : T.impressionsOpen(countText(d.impressions))}
                              </bdi>
                            </Text>
                            {record.bookedImpressions > 0 && (
                              <Progress
                                size="sm"
                                value={Math.min(100, (d.impressions / record.bookedImpressions) * 100)}
                                aria-label={T.deliveredShare(record.name)}
                              />
                            )}
                            {d.held > 0 && (
                              <Text size="xs">
                                <bdi>{T.held(countText(d.held))}</bdi>
                              </Text>
                            )}
                          </Stack>
                        </Table.Td>
                        <Table.Td>{countText(d.served)}</Table.Td>
                        <Table.Td dir="ltr">{revenueText(d.revenueMillicents)}</Table.Td>
                        <Table.Td>{countText(d.impressionsToday)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}
