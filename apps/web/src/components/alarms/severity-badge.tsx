import { type AlarmSeverity, alarmColour } from '@cuepoint/core';
import { Badge, type BadgeProps } from '@mantine/core';

/** The spec's alarm colours (section 9) in shades that keep badge text readable (WCAG AA). */
export const ALARM_BADGE_COLOURS = { yellow: 'yellow.4', blue: 'blue.9', red: 'red.9' } as const;

/** An alarm's severity as a filled badge in the spec's colour: WARNING yellow, NOTICE to DEBUG blue, others red. */
export function SeverityBadge({ severity, ...props }: { severity: AlarmSeverity | string } & BadgeProps) {
  const colour = alarmColour(severity);
  return (
    <Badge variant="filled" color={ALARM_BADGE_COLOURS[colour]} autoContrast data-colour={colour} {...props}>
      {severity}
    </Badge>
  );
}
