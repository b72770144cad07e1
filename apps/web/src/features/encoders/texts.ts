/** Texts of the encoder screen that core does not word (the field labels are ENCODER_LABELS). */
export const ENCODER_TEXTS = {
  newEncoder: 'New encoder',
  editTitle: (name: string) => `Edit encoder ${name}`,
  updatedAt: 'Last updated',
  sections: {
    general: 'General',
    video: 'Video',
    audio: 'Audio',
    output: 'HLS output',
    signalling: 'Output config and signalling',
  },
  units: {
    seconds: 'Seconds',
    segments: 'Segments',
    kbps: 'kbit/s',
    frames: 'Frames between keyframes',
  },
  gpiDescription: 'Insert an SCTE-104 cue when the GPI contact closes',
  outputConfigDescription: 'A JSON object, {} for none',
  probeDescription: 'How long to analyse the input before encoding (whole seconds)',
  bandwidth: (kbps: number) => `${kbps.toLocaleString('en-US')} kbit/s`,
} as const;
