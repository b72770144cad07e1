/**
 * Said beside an ad tag field when the server cannot condition MP4 creatives (no ffmpeg, or
 * CONDITIONING=off: runtime config TRANSCODING 0): such ads are skipped, HLS ones still play.
 */
import { Alert } from '@mantine/core';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { KIT_TEXTS } from './resource/texts.ts';

export function TranscodingNotice() {
  if (runtimeConfig().TRANSCODING === 1) return null;
  return (
    <Alert variant="light" color="yellow" title={KIT_TEXTS.transcodingOffTitle}>
      {KIT_TEXTS.transcodingOff}
    </Alert>
  );
}
