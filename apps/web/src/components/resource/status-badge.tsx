import { RESOURCE_STATUS_LABELS, type ResourceStatus } from '@cuepoint/core';
import { Badge } from '@mantine/core';

/**
 * A resource's status (active or inactive) in a list (the kit shows every `status` column so): a
 * coloured dot beside text in the body colour, readable (AA) on a plain, striped or hovered row
 * in both schemes.
 */
export function StatusBadge({ status }: { status: ResourceStatus }) {
  return (
    // Never narrower than its word: a table column that shrinks must not cut "Inactive" short.
    <Badge
      variant="dot"
      color={status === 'active' ? 'teal' : 'gray'}
      tt="none"
      miw="max-content"
      data-status={status}
    >
      {RESOURCE_STATUS_LABELS[status]}
    </Badge>
  );
}
