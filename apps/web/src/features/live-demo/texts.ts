/** The LIVE Demo's texts. */
export const LIVE_DEMO_TEXTS = {
  title: 'LIVE Demo',
  intro:
    'Play a customer’s live stream as its viewers see it, stitched with its ads, and follow its ad breaks as they happen.',
  stream: 'Stream',
  streamPlaceholder: 'Choose a live stream',
  loading: 'Loading live streams…',
  failed: 'The live streams could not be loaded.',
  none: 'No active live stream yet. A customer’s active live streams can be shown here.',
  pick: 'Choose a stream to start the demo.',
  unknown: 'That stream is not active any more: choose another.',
  option: (customer: string, stream: string) => `${customer} — ${stream}`,
} as const;
