/** Encoders (spec section 3, "Encoder"; generic resource /ssai/encoder; screen /encoder, flag ENCODER=1). */
import { z } from 'zod';
import { jsonTextSchema, probeDurationSchema } from '../validation/field-schemas.ts';
import { BANDWIDTH_MAX, GOP_MAX, PLAYLIST_SEGMENTS_MAX, SEGMENT_SIZE_MAX } from '../validation/limits.ts';
import { VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { positiveIntSchema, resourceNameSchema, statusSchema } from './fields.ts';
import type { ListShape } from './list.ts';

export const ENCODER_INPUT_TYPES = ['SDI', 'NDI', 'SRT', 'RTMP', 'HLS', 'UDP'] as const;
export const ENCODER_PROFILES = ['baseline', 'main', 'high'] as const;
export const ENCODER_RESOLUTIONS = ['3840x2160', '1920x1080', '1280x720', '854x480', '640x360'] as const;
export const ENCODER_FRAME_RATES = ['23.976', '24', '25', '29.97', '30', '50', '59.94', '60'] as const;
export const ENCODER_AUDIO_CODECS = ['AAC', 'AC3', 'EAC3', 'MP2'] as const;
export const ENCODER_AUDIO_FREQUENCIES = ['44100', '48000'] as const;

/** Labels of the encoder form, also the names its messages use. */
export const ENCODER_LABELS = {
  name: 'Name',
  input_type: 'Input type',
  profile: 'Profile',
  resolution: 'Resolution',
  frame_rate: 'Frame rate',
  gop: 'GOP',
  audio_codec: 'Audio codec',
  audio_frequency: 'Audio frequency',
  output_config: 'Output config',
  GPI_trigger: 'GPI trigger',
  status: 'Status',
  segment_size: 'Segment size',
  playlist_length: 'Playlist length',
  delete_threshold_size: 'Delete threshold size',
  bandwidth: 'Bandwidth',
  probe_duration: 'Probe duration',
} as const;

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: M.thisFieldRequired });

/**
 * An encoder: input and video/audio profile, HLS output (segment size in seconds, playlist length
 * in segments, delete threshold in segments, bandwidth in kbit/s), output config JSON, GPI trigger
 * (SCTE-104 cue from a GPI contact) and the input probe duration in seconds.
 */
export const encoderSchema = z.object({
  name: resourceNameSchema(ENCODER_LABELS.name),
  input_type: choice(ENCODER_INPUT_TYPES),
  profile: choice(ENCODER_PROFILES),
  resolution: choice(ENCODER_RESOLUTIONS),
  frame_rate: choice(ENCODER_FRAME_RATES),
  gop: positiveIntSchema(ENCODER_LABELS.gop, GOP_MAX),
  audio_codec: choice(ENCODER_AUDIO_CODECS),
  audio_frequency: choice(ENCODER_AUDIO_FREQUENCIES),
  output_config: jsonTextSchema.default('{}'),
  GPI_trigger: z.boolean({ error: M.thisFieldRequired }).default(false),
  status: statusSchema,
  segment_size: positiveIntSchema(ENCODER_LABELS.segment_size, SEGMENT_SIZE_MAX),
  playlist_length: positiveIntSchema(ENCODER_LABELS.playlist_length, PLAYLIST_SEGMENTS_MAX),
  delete_threshold_size: positiveIntSchema(ENCODER_LABELS.delete_threshold_size, PLAYLIST_SEGMENTS_MAX),
  bandwidth: positiveIntSchema(ENCODER_LABELS.bandwidth, BANDWIDTH_MAX),
  probe_duration: probeDurationSchema,
});
export type EncoderInput = z.input<typeof encoderSchema>;
export type Encoder = z.output<typeof encoderSchema>;

export const ENCODER_DEFAULTS: Encoder = {
  name: '',
  input_type: 'SRT',
  profile: 'high',
  resolution: '1920x1080',
  frame_rate: '25',
  gop: 50,
  audio_codec: 'AAC',
  audio_frequency: '48000',
  output_config: '{}',
  GPI_trigger: false,
  status: 'active',
  segment_size: 6,
  playlist_length: 5,
  delete_threshold_size: 10,
  bandwidth: 5000,
  probe_duration: 5,
};

export const ENCODER_LIST: ListShape = {
  sortKeys: ['name', 'input_type', 'resolution', 'status', 'bandwidth', 'createdAt', 'updatedAt'],
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  filters: { status: ['active', 'inactive'], input_type: ENCODER_INPUT_TYPES },
  searchFields: ['name', 'profile', 'resolution'],
  numericSortKeys: ['bandwidth'],
};
