/** Texts of the slate screen that core does not word (the field labels are SLATE_LABELS). */
export const SLATE_SCREEN_TEXTS = {
  newSlate: 'New slate',
  editTitle: (name: string) => `Edit slate ${name}`,
  status: 'Status',
  updatedAt: 'Last updated',
  sources: { upload: 'Upload', url: 'URL' } as Record<string, string>,
  file: 'Video file',
  fileDescription: 'MP4 or MPEG-TS (.mp4, .ts), at most 50 MB',
  filePlaceholder: 'Choose a video file',
  replacePlaceholder: 'Choose a file to replace the video',
  uploading: 'Uploading the video…',
  uploaded: 'Uploaded video',
  durationDescription: 'Seconds',
  seconds: (value: number) => `${value.toLocaleString('en-US')} s`,
} as const;
