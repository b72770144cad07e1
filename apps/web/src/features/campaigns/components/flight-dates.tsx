import type { Campaign } from '@cuepoint/core';
import { Text } from '@mantine/core';

/** A flight's two dates (MM-DD-YYYYTHH:mm:ss, UTC), one a line, each unbroken and left to right. */
export function FlightDates({ campaign }: { campaign: Pick<Campaign, 'startDate' | 'endDate'> }) {
  return (
    <Text span size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {campaign.startDate || '…'} –
      <br />
      {campaign.endDate || '…'}
    </Text>
  );
}
