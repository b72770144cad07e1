/**
 * The Configuration screen's own texts. The field labels, their descriptions and the server's
 * refusals come from @cuepoint/core (PLATFORM_CONFIG_TEXTS), the rules' messages from
 * VALIDATION_MESSAGES.
 */
export const CONFIGURATION_TEXTS = {
  title: 'Configuration',
  tabs: { config: 'Config', history: 'History' },
  cluster: 'Cluster',
  inForce: (version: number) =>
    version === 0 ? 'Defaults in force (nothing saved yet)' : `Version ${version} in force`,
  lastChange: 'Last changed',
  by: 'by',
  defaultsNote:
    'Nothing has been saved for this cluster: these are the server’s defaults. Saving writes version 1.',
  defaultHint: (value: string) => (value ? `Default: ${value}` : 'Default: not set'),
  dataPlane: 'Used by the data plane',
  sections: { urls: 'Base URLs', maps: 'Node pools, versions and user handler', redis: 'Redis' },
  note: 'Note',
  noteDescription: 'Why this change is made (kept with the version).',
  save: 'Save as a new version',
  saved: (version: number) => `Saved as version ${version}. The data plane uses it now.`,
  reset: 'Discard changes',
  stale:
    'Someone else saved this configuration since you opened it. Reload to see their version, then make your change again.',
  reload: 'Reload',
  loading: 'Loading the configuration…',
  loadFailed: 'Could not load the configuration.',
  tryAgain: 'Try again',
  // History.
  historyLoading: 'Loading the versions…',
  historyFailed: 'Could not load the versions.',
  historyEmpty: 'No version saved yet: the server’s defaults are in force.',
  historyCaption: 'Versions of the configuration, newest first',
  columns: { version: 'Version', when: 'When', who: 'Who', note: 'Note', select: 'Compare' },
  current: 'In force',
  restoredFrom: (version: number) => `Restored from version ${version}`,
  defaultsRow: 'Defaults (version 0)',
  compareSelect: (version: number) => `Select version ${version} to compare`,
  compareHint: 'Select two versions to compare them.',
  compare: 'Compare',
  compareTitle: (from: number, to: number) => `Version ${from} compared with version ${to}`,
  compareLoading: 'Comparing…',
  compareFailed: 'Could not compare the versions.',
  noChanges: 'The two versions hold the same values.',
  key: 'Key',
  before: (version: number) => `Version ${version}`,
  after: (version: number) => `Version ${version}`,
  empty: '(empty)',
  restore: 'Restore',
  restoreVersion: (version: number) => `Restore version ${version}`,
  restoreTitle: (version: number) => `Restore version ${version}?`,
  restoreQuestion: (version: number, next: number) =>
    `The values of version ${version} will be saved as version ${next} and used by the data plane at once. Nothing is lost: the current version stays in the history.`,
  restoreNote: 'Note (optional)',
  restored: (version: number, next: number) => `Version ${version} restored as version ${next}.`,
  cancel: 'Cancel',
} as const;
