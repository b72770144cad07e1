/** Texts of the advertiser screens that core does not word (field labels are ADVERTISER_LABELS). */
export const ADVERTISER_TEXTS = {
  newAdvertiser: 'New advertiser',
  updatedAt: 'Last updated',
  emailsHint: 'Press Enter or a comma after each address',
  /** Read after an address the rule refuses (the pill is also drawn in the error colour). */
  invalidAddress: (message: string) => `(${message})`,
  /** The notes' counter: characters used of the limit. */
  noteCount: (count: number, max: number) =>
    `${count.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} characters`,
  adminNoteHint: 'Only main administrators see and edit this note.',
  userNoteHint: 'Seen by everyone in the account.',
  noContacts: 'None',
} as const;
