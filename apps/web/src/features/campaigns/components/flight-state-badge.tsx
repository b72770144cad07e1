import { FLIGHT_STATE_LABELS, type FlightState } from '@cuepoint/core';
import { Badge } from '@mantine/core';

const COLOURS: Record<FlightState, string> = {
  running: 'teal',
  scheduled: 'blue',
  ended: 'gray.6',
  inactive: 'orange',
};

/** Where a campaign's flight stands: a dot in its colour beside the word in the body colour (AA in both schemes). */
export function FlightStateBadge({ state }: { state: FlightState }) {
  return (
    <Badge variant="dot" color={COLOURS[state]} tt="none" miw="max-content" data-flight-state={state}>
      {FLIGHT_STATE_LABELS[state]}
    </Badge>
  );
}
