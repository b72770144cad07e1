import { CLUSTER_NAME_PATTERN, DEFAULT_CLUSTER } from '@cuepoint/core';
import { Alert, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../components/resource/format.ts';
import { usePlatformConfig } from '../api/platform-config-api.ts';
import { ConfigForm } from '../components/config-form.tsx';
import { ConfigHistory } from '../components/config-history.tsx';
import { CONFIGURATION_TEXTS as T } from '../texts.ts';

const TAB_PARAM = 'tab';
type Tab = 'config' | 'history';

/**
 * /configuration?tab=config (main administrator; the sidebar's System > Configuration): the
 * platform's cluster configuration (spec section 7's `config/get?cluster=`) in a form, saved as a
 * new version, and its History (compare two versions, restore one). The tab and the cluster live
 * in the URL (?tab=history, ?cluster=…; the server's own cluster by default).
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get(TAB_PARAM) === 'history' ? 'history' : 'config';
  const asked = params.get('cluster') ?? '';
  const cluster = CLUSTER_NAME_PATTERN.test(asked) ? asked : DEFAULT_CLUSTER;
  const config = usePlatformConfig(cluster);
  const select = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, value === 'history' ? 'history' : 'config');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {T.title}
        </Title>
        {config.data && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {T.cluster}: <bdi dir="ltr">{config.data.cluster}</bdi>
            </Text>
            <Text size="sm" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text size="sm">{T.inForce(config.data.version)}</Text>
            {config.data.createdAt && (
              <Text size="sm" c="dimmed">
                {T.lastChange} <bdi dir="ltr">{formatDateTime(config.data.createdAt)}</bdi>
                {config.data.changedBy?.email && (
                  <>
                    {' '}
                    {T.by} <bdi dir="ltr">{config.data.changedBy.email}</bdi>
                  </>
                )}
              </Text>
            )}
          </Group>
        )}
      </Stack>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="config">{T.tabs.config}</Tabs.Tab>
          <Tabs.Tab value="history">{T.tabs.history}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="config">
          {config.isPending && (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">{T.loading}</Text>
            </Group>
          )}
          {config.isError && (
            <Alert color="red" role="alert" title={T.loadFailed}>
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{config.error.message}</Text>
                <Button color="red.9" onClick={() => void config.refetch()}>
                  {T.tryAgain}
                </Button>
              </Stack>
            </Alert>
          )}
          {config.data && tab === 'config' && (
            <ConfigForm config={config.data} onReload={() => void config.refetch()} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="history">{tab === 'history' && <ConfigHistory cluster={cluster} />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
