import { CloseButton, Group, Radio, Stack, Switch, Tabs, Text, useDirection } from '@mantine/core';
import { AlarmList } from '../../components/alarms/alarm-list.tsx';
import { useAlarms } from '../../components/alarms/get-alarms.ts';
import { type SidebarSize, writePreferences } from '../../lib/preferences.ts';
import type { SessionLoaderData } from '../../lib/session.ts';
import { ColorSchemeSwitch } from './header.tsx';
import classes from './shell.module.css';

export const SIDEBAR_SIZE_LABELS: Record<SidebarSize, string> = {
  normal: 'Normal (200 px)',
  compact: 'Compact (150 px)',
  minimised: 'Minimised (50 px)',
};

interface Props {
  id: string;
  session: SessionLoaderData;
  sidebarSize: SidebarSize;
  onSidebarSize: (size: SidebarSize) => void;
  onClose: () => void;
}

/** The aside menu with tabs (spec section 2, 250 px): display settings, alarms, the session. */
export function AsidePanel({ id, session, sidebarSize, onSidebarSize, onClose }: Props) {
  const { user, isMainAdmin, loginAs, userView } = session;
  const showAlarms = user.profile.isMainAdmin;
  return (
    <aside id={id} className={classes.aside} aria-label="Side panel">
      <Group justify="space-between" wrap="nowrap" px="md" pt="xs">
        <Text size="sm" fw={600}>
          Side panel
        </Text>
        <CloseButton aria-label="Close the side panel" onClick={onClose} />
      </Group>
      <Tabs defaultValue="display" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="display" px={8}>
            Display
          </Tabs.Tab>
          {showAlarms && (
            <Tabs.Tab value="alarms" px={8}>
              Alarms
            </Tabs.Tab>
          )}
          <Tabs.Tab value="session" px={8}>
            Session
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="display" p="md">
          <Stack gap="lg">
            <Radio.Group
              label="Sidebar"
              value={sidebarSize}
              onChange={(value) => onSidebarSize(value as SidebarSize)}
            >
              <Stack gap={6} mt={6}>
                {(Object.keys(SIDEBAR_SIZE_LABELS) as SidebarSize[]).map((size) => (
                  <Radio key={size} value={size} label={SIDEBAR_SIZE_LABELS[size]} />
                ))}
              </Stack>
            </Radio.Group>
            <DirectionSwitch />
            {((isMainAdmin && !loginAs) || userView) && (
              <Group justify="space-between">
                <Text size="sm">Dark mode</Text>
                <ColorSchemeSwitch />
              </Group>
            )}
          </Stack>
        </Tabs.Panel>
        {showAlarms && (
          <Tabs.Panel value="alarms" p="md">
            <AsideAlarms />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="session" p="md">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Text size="sm">{user.profile.isMainAdmin ? 'Main administrator' : 'Customer user'}</Text>
            {loginAs && <Text size="sm">Acting for this user (login-as).</Text>}
            {userView && <Text size="sm">User View: you see the console as a customer does.</Text>}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </aside>
  );
}

/** Right-to-left direction: flips the whole layout, remembered in this browser. */
function DirectionSwitch() {
  const { dir, setDirection } = useDirection();
  return (
    <Switch
      label="Right-to-left layout"
      checked={dir === 'rtl'}
      onChange={(event) => {
        const next = event.currentTarget.checked ? 'rtl' : 'ltr';
        setDirection(next);
        writePreferences({ direction: next });
      }}
      data-testid="rtl-switch"
    />
  );
}

function AsideAlarms() {
  const { data, isPending, isError } = useAlarms();
  if (isPending) return <Text size="sm">Loading alarms…</Text>;
  if (isError)
    return (
      <Text size="sm" c="red">
        The alarms could not be loaded.
      </Text>
    );
  return <AlarmList alarms={data.slice(0, 10)} empty="No alarms have been raised." stacked />;
}
