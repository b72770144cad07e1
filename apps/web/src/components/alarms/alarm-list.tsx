import { ALARM_STATE_LABELS, type Alarm, alarmState } from '@cuepoint/core';
import { Flex, Stack, Text } from '@mantine/core';
import { SeverityBadge } from './severity-badge.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Open alarms first, then acknowledged, then cleared ones; newest first within each (the answer's
 * order). The bell and the side panel show them so: what still wants attention on top.
 */
export function openFirst(alarms: readonly Alarm[]): Alarm[] {
  const rank = { open: 0, acknowledged: 1, cleared: 2 } as const;
  return [...alarms].sort((a, b) => rank[alarmState(a)] - rank[alarmState(b)]);
}

/** A compact list of alarms, each with its severity in the spec's colour (section 9) and its state unless open. */
export function AlarmList({
  alarms,
  empty = 'No alarms.',
  stacked = false,
}: {
  alarms: readonly Alarm[];
  empty?: string;
  /** Badge above the text, for narrow places (the aside panel). */
  stacked?: boolean;
}) {
  if (alarms.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {alarms.map((alarm) => {
        const state = alarmState(alarm);
        return (
          <li key={alarm._id} data-state={state}>
            <Flex gap={6} direction={stacked ? 'column' : 'row'} align="flex-start">
              <SeverityBadge severity={alarm.severity} size="xs" w={104} style={{ flex: 'none' }} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} lineClamp={1} td={state === 'cleared' ? 'line-through' : undefined}>
                  {alarm.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {alarm.message}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={alarm.time_on}>{when(alarm.time_on)}</time>
                  {alarm.module_object_id ? ` · ${alarm.module_object_id}` : ''}
                  {state !== 'open' ? ` · ${ALARM_STATE_LABELS[state]}` : ''}
                </Text>
              </Stack>
            </Flex>
          </li>
        );
      })}
    </Stack>
  );
}
