import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@cuepoint/core';
import { Badge } from '@mantine/core';

const STATUS_COLOURS: Record<InvoiceStatus, string> = {
  draft: 'yellow.7',
  issued: 'blue',
  paid: 'teal',
  overdue: 'red',
  void: 'gray.6',
};

/** A document's status as a dot beside the word in the body colour (like the kit's StatusBadge). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant="dot" color={STATUS_COLOURS[status]} tt="none" miw="max-content" data-status={status}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
