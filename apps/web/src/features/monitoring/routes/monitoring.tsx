import '@mantine/charts/styles.css';
import { LIVE_STREAMS_PATH, MONITORING_PERIODS, type MonitoringPeriod, VOD_PATH } from '@cuepoint/core';
import { Alert, Badge, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConceptIcon } from '../../../components/icons.tsx';
import { useRouteTitle } from '../../../components/resource/use-route-title.ts';
import { ScreenLink } from '../../../components/screen-link.tsx';
import { resourcePaths } from '../../../lib/resource-paths.ts';
import { useSeries } from '../api/get-series.ts';
import { ChannelPicker } from '../components/channel-picker.tsx';
import { SeriesCharts } from '../components/series-charts.tsx';
import { SummaryCards } from '../components/summary-cards.tsx';
import { MONITORING_PATHS } from '../paths.ts';
import { MONITORING_UI_TEXTS as T } from '../texts.ts';

const PERIODS = Object.keys(MONITORING_PERIODS) as MonitoringPeriod[];
const DEFAULT_PERIOD: MonitoringPeriod = '1h';
const STREAM_PATHS = { liveStream: resourcePaths(LIVE_STREAMS_PATH), vod: resourcePaths(VOD_PATH) };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The chart period, kept in the URL (?period=); anything else reads as the hour. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period = PERIODS.includes(asked as MonitoringPeriod) ? (asked as MonitoringPeriod) : DEFAULT_PERIOD;
  const setPeriod = (next: MonitoringPeriod) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('period', next);
        return copy;
      },
      { replace: true },
    );
  return [period, setPeriod] as const;
}

/**
 * System › Monitoring (main administrator): /monitoring/channel picks a channel; /monitoring/{id}
 * shows that live stream's or VOD asset's charts over a period, with the period's totals.
 */
export function Component() {
  const title = useRouteTitle() ?? 'Monitoring';
  const { ch_id: id = MONITORING_PATHS.pickerId } = useParams();
  return (
    <Stack gap="lg">
      {id === MONITORING_PATHS.pickerId ? (
        <>
          <Title order={1}>{title}</Title>
          <ChannelPicker />
        </>
      ) : (
        <ChannelMonitoring id={id} title={title} />
      )}
    </Stack>
  );
}

function ChannelMonitoring({ id, title }: { id: string; title: string }) {
  const [period, setPeriod] = usePeriod();
  const valid = UUID.test(id);
  const series = useSeries(id, period, valid);
  const data = series.data;

  const periodControl = (
    <SegmentedControl
      aria-label={T.period}
      value={period}
      onChange={(value) => setPeriod(value as MonitoringPeriod)}
      data={PERIODS.map((p) => ({ value: p, label: p }))}
    />
  );

  if (!valid || (series.isError && !data)) {
    return (
      <>
        <Title order={1}>{title}</Title>
        <Alert color="red" title={T.channelFailed} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{valid ? series.error?.message : T.notFound}</Text>
            <Group gap="xs">
              {valid && (
                <Button size="xs" variant="filled" color="red.9" onClick={() => void series.refetch()}>
                  {T.retry}
                </Button>
              )}
              <Button size="xs" variant="default" component={Link} to={MONITORING_PATHS.picker}>
                {T.allChannels}
              </Button>
            </Group>
          </Stack>
        </Alert>
      </>
    );
  }

  if (!data) {
    return (
      <>
        <Title order={1}>{title}</Title>
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{T.loadingChannel}</Text>
        </Group>
      </>
    );
  }

  const paths = STREAM_PATHS[data.kind];
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="xs" c="dimmed">
            <ConceptIcon concept={data.kind === 'vod' ? 'vod' : 'liveStreams'} size={16} />
            <Text size="sm" c="dimmed">
              {title} · {T.kinds[data.kind]}
            </Text>
          </Group>
          <Title order={1}>{data.name}</Title>
          <Group gap="md">
            <ScreenLink to={paths.detail(data.resourceId)} size="sm">
              {T.openStream}
            </ScreenLink>
            <ScreenLink to={paths.detailLogs(data.resourceId)} size="sm">
              {T.openLogs}
            </ScreenLink>
            <ScreenLink to={MONITORING_PATHS.picker} size="sm">
              {T.allChannels}
            </ScreenLink>
          </Group>
        </Stack>
        <Stack gap={4} align="flex-end">
          {periodControl}
          <Group gap={6}>
            {series.isFetching && <Loader size="xs" aria-hidden />}
            <Badge variant="light" color="gray" tt="none" data-testid="period-label">
              {T.periods[period]}
            </Badge>
          </Group>
        </Stack>
      </Group>
      {series.isError && (
        <Alert color="yellow" role="status">
          {T.refreshFailed(series.error.message)}
        </Alert>
      )}
      <SummaryCards totals={data.totals} />
      <SeriesCharts series={data} period={period} />
    </>
  );
}
