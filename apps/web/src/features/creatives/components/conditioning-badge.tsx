/**
 * A creative's conditioning in its list row: a dot in the status's colour beside the word in the
 * body colour (the kit's StatusBadge look, AA in both schemes), a spinner-free "Conditioning" while
 * queued (the row polls it), and a dash while it loads or when it could not be asked.
 */
import type { ConditioningStatus } from '@cuepoint/core';
import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { rowConditioningOptions } from '../api/conditioning.ts';
import { CREATIVE_SCREEN_TEXTS as T } from '../texts.ts';

export const CONDITIONING_COLOURS: Record<ConditioningStatus, string> = {
  ready: 'teal',
  queued: 'blue',
  failed: 'red',
  'not-needed': 'teal',
  unavailable: 'yellow',
};

export function ConditioningStatusBadge({
  status,
  progress,
}: {
  status: ConditioningStatus;
  progress?: number | null;
}) {
  return (
    <Badge
      variant="dot"
      color={CONDITIONING_COLOURS[status]}
      tt="none"
      miw="max-content"
      data-conditioning={status}
    >
      {status === 'queued' && progress != null
        ? `${T.conditioning.queued} ${Math.round(progress * 100)}%`
        : T.conditioning[status]}
    </Badge>
  );
}

export function ConditioningCell({ id, videoUrl }: { id: string; videoUrl: string }) {
  const { data } = useQuery(rowConditioningOptions(id, videoUrl));
  if (!data)
    return (
      <Text span size="sm">
        {KIT_TEXTS.empty}
      </Text>
    );
  return <ConditioningStatusBadge status={data.status} progress={data.progress} />;
}
