import type { CustomerStatus } from '@cuepoint/core';
import { Badge } from '@mantine/core';
import { CUSTOMER_TEXTS as T } from '../texts.ts';

const COLOURS: Record<CustomerStatus, string> = {
  active: 'teal',
  pending: 'yellow.7',
  deactivated: 'gray.6',
};

/** An account's status as a dot beside the word in the body colour (like the kit's StatusBadge). */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <Badge variant="dot" color={COLOURS[status]} tt="none" miw="max-content" data-status={status}>
      {T.statuses[status]}
    </Badge>
  );
}
