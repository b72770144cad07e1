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
    // No Alert title: Mantine's yellow title lacks contrast (axe); the lead is bold text instead.
    <Alert color="yellow" role="status">
      <strong>{KIT_TEXTS.transcodingOffTitle}.</strong> {KIT_TEXTS.transcodingOff}
    </Alert>
  );
}
