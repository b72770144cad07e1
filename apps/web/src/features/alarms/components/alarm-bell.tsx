import { entryPath } from '@cuepoint/core';
import { ActionIcon, Indicator, Loader, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AlarmList, openFirst } from '../../../components/alarms/alarm-list.tsx';
import { useAlarms } from '../../../components/alarms/get-alarms.ts';
import { ConceptIcon } from '../../../components/icons.tsx';
import { ScreenLink } from '../../../components/screen-link.tsx';

const SEEN_KEY = 'cuepoint.alarmsSeenAt';
const seenAt = () => Number(window.sessionStorage.getItem(SEEN_KEY) ?? 0);

/**
 * The header's alarm bell (main administrator, spec section 2): polls GET /alarm/alarms and
 * counts the alarms raised since the list was last opened in this tab that are not cleared; the
 * list shows open alarms first and marks acknowledged and cleared ones.
 */
export function AlarmBell() {
  const { data, isPending, isError } = useAlarms();
  const [lastSeen, setLastSeen] = useState(seenAt);
  const alarms = data ?? [];
  // New since last opened, and not already over (cleared).
  const unseen = alarms.filter((a) => Date.parse(a.time_on) > lastSeen && !a.cleared_at).length;
  const label = unseen > 0 ? `Alarms: ${unseen} new` : 'Alarms';

  const markSeen = () => {
    const now = Date.now();
    window.sessionStorage.setItem(SEEN_KEY, String(now));
    setLastSeen(now);
  };

  return (
    <Popover position="bottom-end" width={340} withArrow shadow="md" onOpen={markSeen}>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} data-testid="alarm-bell">
          <Indicator
            label={unseen > 99 ? '99+' : unseen}
            size={16}
            color="red.9"
            disabled={unseen === 0}
            offset={2}
          >
            <ConceptIcon concept="alarms" size={20} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text fw={600}>Alarms</Text>
          {isPending ? (
            <Loader size="sm" aria-label="Loading alarms" />
          ) : isError ? (
            <Text size="sm" c="red">
              The alarms could not be loaded.
            </Text>
          ) : (
            <AlarmList alarms={openFirst(alarms).slice(0, 8)} empty="No alarms have been raised." />
          )}
          <ScreenLink to={entryPath('alarms')} size="sm">
            View all alarms
          </ScreenLink>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
