import { RESOURCE_STATUS_LABELS, type ResourceStatus } from '@cuepoint/core';
import { Badge } from '@mantine/core';

/**
 * A resource's status (active or inactive) in a list (the kit shows every `status` column so): a
 * coloured dot beside text in the body colour, readable (AA) on a plain, striped or hovered row
 * in both schemes, the dot visible in both.
 */
export function StatusBadge({ status }: { status: ResourceStatus }) {
  return (
    // Never narrower than its word: a table column that shrinks must not cut "Inactive" short.
    <Badge
      variant="dot"
      // Gray 6, not the filled gray (dark 8 in dark mode): the dot stays visible in both schemes.
      color={status === 'active' ? 'teal' : 'gray.6'}
      tt="none"
      miw="max-content"
      data-status={status}
    >
      {RESOURCE_STATUS_LABELS[status]}
    </Badge>
  );
}
