/**
 * The user's notifications: All or Unread (in the URL), newest first, a page at a time. An unread
 * one stands out (a tinted card, its title bold, an "Unread" badge); each shows its kind's icon
 * and badge, when it came, where it leads (Open marks it read), and Mark read / Mark unread.
 * During login-as the list is read-only (the server's `readOnly`).
 */
import {
  NOTIFICATION_KIND_LABELS,
  type NotificationFilter,
  type NotificationKind,
  type UserNotification,
} from '@cuepoint/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Link } from 'react-router';
import { type Concept, ConceptIcon } from '../../../components/icons.tsx';
import { QUERY_STATE_TEXTS } from '../../../components/query-state.tsx';
import { formatDateTime } from '../../../components/resource/format.ts';
import { useRoleAllows } from '../../../lib/role-access.ts';
import { openSettingsDialog } from '../../../lib/settings-dialogs.ts';
import { toast } from '../../../lib/toast.ts';
import {
  NOTIFICATION_PAGE_SIZE,
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
} from '../api/notifications-api.ts';
import { NOTIFICATION_SCREEN_TEXTS as T } from '../texts.ts';
import classes from './notifications.module.css';

/** Each kind drawn with the icon of its concept (one icon per concept, components/icons.tsx). */
export const KIND_CONCEPTS: Record<NotificationKind, Concept> = {
  alarm: 'alarms',
  plan: 'billing',
  invite: 'users',
  conditioning: 'creatives',
  invoice: 'billing',
};

const KIND_COLOURS: Record<NotificationKind, string> = {
  alarm: 'red',
  plan: 'grape',
  invite: 'teal',
  conditioning: 'blue',
  invoice: 'orange',
};

interface Props {
  filter: NotificationFilter;
  page: number;
  onFilter: (filter: NotificationFilter) => void;
  onPage: (page: number) => void;
}

export function NotificationList({ filter, page, onFilter, onPage }: Props) {
  const query = useNotificationList(filter, page);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const data = query.data;
  const readOnly = data?.readOnly ?? false;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / NOTIFICATION_PAGE_SIZE));

  const setRead = (n: UserNotification, read: boolean) =>
    markRead.mutate({ id: n._id, read }, { onError: (error) => toast.error(error.message) });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={T.filterLabel}
            value={filter}
            onChange={(value) => onFilter(value as NotificationFilter)}
            data={[
              { value: 'all', label: T.filters.all },
              { value: 'unread', label: T.filters.unread },
            ]}
          />
          {data && (
            <Text size="sm" c="dimmed" role="status">
              {T.unreadCount(data.unread)}
            </Text>
          )}
        </Group>
        <Button
          variant="default"
          size="sm"
          disabled={readOnly || !data || data.unread === 0}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onSuccess: (answer) => toast.success(T.allMarkedRead(answer.updated)),
              onError: (error) => toast.error(error.message),
            })
          }
        >
          {T.markAllRead}
        </Button>
      </Group>

      {readOnly && (
        <Alert color="blue" variant="light">
          {T.readOnly}
        </Alert>
      )}

      {query.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{T.loading}</Text>
        </Group>
      )}
      {query.isError && !data && (
        <Alert color="red" title={T.failed} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button size="xs" color="red.9" onClick={() => void query.refetch()}>
              {QUERY_STATE_TEXTS.tryAgain}
            </Button>
          </Stack>
        </Alert>
      )}
      {data && data.data.length === 0 && (
        <Stack align="center" gap="sm" py="xl" data-testid="notifications-empty">
          <Text component="span" c="dimmed" lh={0}>
            <ConceptIcon concept="notifications" size={32} />
          </Text>
          <Text fw={600} ta="center">
            {filter === 'unread' ? T.emptyUnread : T.empty}
          </Text>
        </Stack>
      )}
      {data && data.data.length > 0 && (
        <ul className={classes.list} aria-label={T.listLabel}>
          {data.data.map((n) => (
            <li key={n._id}>
              <NotificationCard
                notification={n}
                readOnly={readOnly}
                busy={markRead.isPending && markRead.variables?.id === n._id}
                onRead={(read) => setRead(n, read)}
              />
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <Group justify="center" gap="sm">
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {T.previous}
          </Button>
          <Text size="sm">{T.pageOf(page, pages)}</Text>
          <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {T.next}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function NotificationCard({
  notification: n,
  readOnly,
  busy,
  onRead,
}: {
  notification: UserNotification;
  readOnly: boolean;
  busy: boolean;
  onRead: (read: boolean) => void;
}) {
  // My Account is a team owner's: another member's plan notice leads nowhere it may not go.
  const owner = useRoleAllows('manage');
  const unread = n.readAt === null;
  const openAndRead = () => {
    if (unread && !readOnly) onRead(true);
  };
  return (
    <Card
      withBorder
      padding="sm"
      className={classes.card}
      data-unread={unread || undefined}
      data-testid="notification"
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon variant="light" color={KIND_COLOURS[n.kind]} size="lg" radius="xl" aria-hidden>
          <ConceptIcon concept={KIND_CONCEPTS[n.kind]} size={18} />
        </ThemeIcon>
        <Stack gap={4} className={classes.content}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={KIND_COLOURS[n.kind]} size="sm" className={classes.kindBadge}>
              {NOTIFICATION_KIND_LABELS[n.kind]}
            </Badge>
            {unread && (
              <Badge variant="filled" size="sm" className={classes.unreadBadge}>
                {T.unread}
              </Badge>
            )}
            <Text size="xs" c="dimmed" component="time" dateTime={n.createdAt}>
              {formatDateTime(n.createdAt)}
            </Text>
          </Group>
          <Text fw={unread ? 700 : 500} className={classes.title}>
            {n.title}
          </Text>
          {n.body && (
            <Text size="sm" c="dimmed" className={classes.body}>
              {n.body}
            </Text>
          )}
          <Group gap="sm" mt={4} wrap="wrap">
            {n.link && (
              <Anchor
                component={Link}
                to={n.link}
                size="sm"
                aria-label={T.openOf(n.title)}
                onClick={openAndRead}
              >
                {T.open}
              </Anchor>
            )}
            {!n.link && n.kind === 'plan' && owner && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  openAndRead();
                  openSettingsDialog('account');
                }}
              >
                {T.openAccount}
              </Button>
            )}
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={readOnly}
              loading={busy}
              aria-label={unread ? T.markReadOf(n.title) : T.markUnreadOf(n.title)}
              onClick={() => onRead(unread)}
            >
              {unread ? T.markRead : T.markUnread}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
