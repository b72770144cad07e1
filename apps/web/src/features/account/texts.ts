import { ENTITLEMENT_TEXTS, UPLOAD_LIMITS } from '@cuepoint/core';
import { ApiError, CLIENT_TEXTS } from '../../lib/api-client.ts';

/**
 * The account area's own words: labels and notes the spec leaves open. The spec's texts are
 * core's ACCOUNT_TEXTS and VALIDATION_MESSAGES, used as they are.
 */
export const ACCOUNT_UI = {
  save: 'Save',
  cancel: ENTITLEMENT_TEXTS.cancel,
  upgrade: ENTITLEMENT_TEXTS.upgrade,
  /** The upgrade prompt's title, as the plan lock's (components/plan). */
  upgradeTitle: ENTITLEMENT_TEXTS.promptTitle,
  confirmUpgradeTitle: 'Confirm the plan upgrade',
  confirmUpgrade: 'Confirm upgrade',
  confirmUpgradeIntro: 'Your plan changes from Standard to Enterprise. Minimum commitment:',
  deactivate: 'De-Activate',
  deactivateFinal: 'Yes, de-activate',
  checking: 'Checking whether the account can be de-activated…',
  loadFailed: 'The account could not be loaded',
  retry: 'Retry',
  customDomainLocked: 'A saved custom domain cannot be disabled and its name cannot be changed.',
  copyToken: 'Copy API token',
  copyFailed: 'The API token could not be copied. Select it and copy it by hand.',
  notAnImage: 'The file is not a readable image.',
  imageTooLarge: `The image must be at most ${UPLOAD_LIMITS.imageBytes / (1024 * 1024)} MB.`,
  keyFileTooLarge: `The file must be at most ${UPLOAD_LIMITS.pemBytes / 1024} KB.`,
} as const;

/** The words for a failed call: the server's message, or why no answer came. */
export const failureMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : CLIENT_TEXTS.unreachable;
