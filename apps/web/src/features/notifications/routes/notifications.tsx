import type { NotificationFilter } from '@cuepoint/core';
import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { NotificationList } from '../components/notification-list.tsx';
import { NotificationPreferencesPanel } from '../components/notification-preferences.tsx';
import { NOTIFICATION_SCREEN_TEXTS as T } from '../texts.ts';

type Tab = 'notifications' | 'preferences';

/**
 * /notification (every signed-in user): the user's own notifications (alarms about its account,
 * plan changes, team invites, creative conditioning) with read/unread, and its mail preferences.
 * The tab, the filter and the page live in the URL (?tab=preferences, ?filter=unread&page=2).
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'preferences' ? 'preferences' : 'notifications';
  const filter: NotificationFilter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {T.title}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) =>
          update(value === 'preferences' ? { tab: 'preferences', filter: null, page: null } : { tab: null })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="notifications">{T.tabs.notifications}</Tabs.Tab>
          <Tabs.Tab value="preferences">{T.tabs.preferences}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="notifications">
          {tab === 'notifications' && (
            <NotificationList
              filter={filter}
              page={page}
              onFilter={(value) => update({ filter: value === 'all' ? null : value, page: null })}
              onPage={(value) => update({ page: value === 1 ? null : String(value) })}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="preferences">
          {tab === 'preferences' && <NotificationPreferencesPanel />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
