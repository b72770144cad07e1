import { type Alarm, alarmColour } from '@cuepoint/core';
import { Badge, Flex, Stack, Text } from '@mantine/core';

/** The spec's alarm colours (section 9) in shades that keep badge text readable (WCAG AA). */
const BADGE_COLOURS = { yellow: 'yellow.4', blue: 'blue.9', red: 'red.9' } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A compact list of alarms, each with its severity in the spec's colour (section 9). */
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
      {alarms.map((alarm) => (
        <li key={alarm._id}>
          <Flex gap={6} direction={stacked ? 'column' : 'row'} align="flex-start">
            <Badge
              size="xs"
              variant="filled"
              color={BADGE_COLOURS[alarmColour(alarm.severity)]}
              w={104}
              autoContrast
              style={{ flex: 'none' }}
            >
              {alarm.severity}
            </Badge>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={1}>
                {alarm.name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {alarm.message}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={alarm.time_on}>{when(alarm.time_on)}</time>
                {alarm.module_object_id ? ` · ${alarm.module_object_id}` : ''}
              </Text>
            </Stack>
          </Flex>
        </li>
      ))}
    </Stack>
  );
}
