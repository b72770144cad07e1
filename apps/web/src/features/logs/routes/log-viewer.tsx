import { RESOURCE_TEXTS, type ResourceEvent } from '@cuepoint/core';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useMatches, useParams, useSearchParams } from 'react-router';
import { getNewerEvents, useEvents } from '../api/get-events.ts';
import { EventTable } from '../components/event-table.tsx';
import { LogToolbar } from '../components/log-toolbar.tsx';
import {
  EVENT_PAGE_SIZES,
  type EventPageSize,
  endsInPast,
  invalidCustomRange,
  type LogParams,
  type LogScope,
  readLogParams,
  writeLogParams,
} from '../log-params.ts';
import { type LogRoute, logRouteOf } from '../log-scope.ts';
import { LOG_TEXTS } from '../texts.ts';
import { newerId, useLiveTail } from '../use-live-tail.ts';

/** Most events the live tail keeps on screen above the first page. */
export const TAIL_KEEP = 500;

const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * The log viewer of the Kibana-style routes (spec section 2): /{section}/kibana shows the events
 * of every resource of the section's kind, /{section}/{detail}/kibana those of one resource.
 */
export function Component() {
  const { pathname } = useLocation();
  const { detail } = useParams();
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? '';
  const route = logRouteOf(pathname, detail);
  if (!route) return null;
  // Another resource or section starts a fresh view (its own tail and cursor).
  return <LogViewer key={`${route.section}/${detail ?? ''}`} route={route} title={title} />;
}

function LogViewer({ route, title }: { route: LogRoute; title: string }) {
  const [search, setSearch] = useSearchParams();
  const searchText = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text stands for the params.
  const params = useMemo(() => readLogParams(search), [searchText]);
  const update = useCallback(
    (patch: Partial<LogParams>) => setSearch((current) => writeLogParams(current, patch), { replace: true }),
    [setSearch],
  );
  const scope: LogScope = useMemo(
    () => ({ kind: route.kind, resourceId: route.detail }),
    [route.kind, route.detail],
  );
  const list = useEvents(scope, params, !route.invalidDetail);

  // The live tail: new events above the first page, for the view they were asked for.
  const [tailOn, setTailOn] = useState(false);
  const [tailed, setTailed] = useState<{ view: string; events: ResourceEvent[] }>({ view: '', events: [] });
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const view = searchText;
  const tailedEvents = tailed.view === view ? tailed.events : [];
  const pageEvents = list.data?.data ?? [];
  const seen = new Set<string>();
  const rows = [...tailedEvents, ...pageEvents].filter(
    (event) => !seen.has(event._id) && seen.add(event._id),
  );
  const newest = rows.reduce((max, event) => newerId(max, event._id), '0');
  const tailBlocked = endsInPast(params) ? LOG_TEXTS.liveTailEndsInPast : undefined;
  const tail = useLiveTail({
    enabled:
      tailOn &&
      !tailBlocked &&
      params.page === 1 &&
      list.isSuccess &&
      !list.isPlaceholderData &&
      !route.invalidDetail,
    after: newest,
    load: (after) => getNewerEvents(scope, params, after),
    onEvents: (batch) => {
      const newestFirst = [...batch].reverse();
      setTailed((current) => ({
        view,
        events: [...newestFirst, ...(current.view === view ? current.events : [])].slice(0, TAIL_KEEP),
      }));
      setFresh(new Set(batch.map((event) => event._id)));
      setAnnouncement(LOG_TEXTS.newEvents(batch.length));
    },
  });

  const changeTail = (on: boolean) => {
    setTailOn(on);
    if (on && params.page !== 1) update({ page: 1 });
  };
  const changePage = (page: number) => {
    // The tail follows the first page; another page stops it.
    if (page !== 1) setTailOn(false);
    update({ page });
  };

  const subject = route.detail
    ? (rows.find((event) => event.resourceId === route.detail)?.resourceName ?? null)
    : null;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        {route.detail && !route.invalidDetail && (
          <Text c="dimmed">{LOG_TEXTS.eventsOf(subject ?? route.detail)}</Text>
        )}
        <Anchor component={Link} to={route.backTo} size="sm">
          {route.detail ? LOG_TEXTS.backToResource(subject ?? LOG_TEXTS.theResource) : LOG_TEXTS.backToList}
        </Anchor>
      </Stack>
      {route.invalidDetail ? (
        <Alert color="yellow" title={title}>
          {LOG_TEXTS.invalidResource}
        </Alert>
      ) : (
        <>
          <LogToolbar
            params={params}
            update={update}
            tail={tailOn}
            onTailChange={changeTail}
            tailDisabledReason={tailBlocked}
            onRefresh={() => void list.refetch()}
            refreshing={list.isFetching && !list.isPending}
          />
          <VisuallyHidden>
            <div role="status" aria-live="polite" data-testid="tail-announcement">
              {announcement}
            </div>
          </VisuallyHidden>
          {tail.failed && (
            <Text size="sm" c="orange.9">
              {LOG_TEXTS.tailFailed}
            </Text>
          )}
          {list.data?.searchedNewest !== undefined && !list.isError && (
            <Text size="sm" c="dimmed" data-testid="short-search-note">
              {LOG_TEXTS.shortSearch(formatCount(list.data.searchedNewest))}
            </Text>
          )}
          {invalidCustomRange(params) ? null : list.isPending ? (
            <Group gap="xs">
              <Loader size="sm" aria-label={LOG_TEXTS.loading} />
              <Text size="sm">{LOG_TEXTS.loading}</Text>
            </Group>
          ) : list.isError ? (
            <Alert color="red" title={LOG_TEXTS.loadFailed} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{list.error.message}</Text>
                <Button size="xs" variant="filled" color="red.9" onClick={() => void list.refetch()}>
                  {RESOURCE_TEXTS.retry}
                </Button>
              </Stack>
            </Alert>
          ) : rows.length === 0 ? (
            params.page > 1 && list.data.total > 0 ? (
              <Stack gap="xs" align="flex-start">
                <Text>{LOG_TEXTS.pastLastPage}</Text>
                <Button variant="default" size="xs" onClick={() => changePage(1)}>
                  {LOG_TEXTS.firstPage}
                </Button>
              </Stack>
            ) : (
              <Stack gap={4} data-testid="events-empty">
                <Text fw={600}>{LOG_TEXTS.empty}</Text>
                <Text size="sm" c="dimmed">
                  {LOG_TEXTS.emptyHint}
                </Text>
              </Stack>
            )
          ) : (
            <>
              <EventTable events={rows} section={route.section} fresh={fresh} />
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Text size="sm" data-testid="events-total">
                  {/* An English phrase that starts with a number ("1 event"): isolated, so right to
                      left keeps its order. */}
                  <bdi>
                    {LOG_TEXTS.total(
                      formatCount(list.data.total + (list.data.capped ? 0 : rows.length - pageEvents.length)),
                      list.data.capped,
                    )}
                  </bdi>
                </Text>
                <Group gap="sm" wrap="wrap">
                  <Select
                    label={LOG_TEXTS.rowsPerPage}
                    data={[...EVENT_PAGE_SIZES]}
                    value={params.pageSize}
                    onChange={(value) => value && update({ pageSize: value as EventPageSize })}
                    allowDeselect={false}
                    w={110}
                    size="xs"
                  />
                  <nav aria-label={LOG_TEXTS.pagination}>
                    <Pagination
                      total={Math.max(1, Math.ceil(list.data.total / Number(params.pageSize)))}
                      value={params.page}
                      onChange={changePage}
                      size="sm"
                      mt={18}
                      getControlProps={(control) => ({ 'aria-label': LOG_TEXTS.pageControl(control) })}
                      getItemProps={(page) => ({ 'aria-label': LOG_TEXTS.pageItem(page) })}
                    />
                  </nav>
                </Group>
              </Group>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
