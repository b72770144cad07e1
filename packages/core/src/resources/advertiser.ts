/** Advertisers (/advertisers; generic resource /ssai/advertiser): who buys the account's campaigns. */
import { z } from 'zod';
import { emailListSchema, noteSchema } from '../validation/field-schemas.ts';
import { LIMIT_TEXTS } from '../validation/messages.ts';
import { resourceNameSchema, statusSchema } from './fields.ts';
import type { ListShape } from './list.ts';

export const ADVERTISER_LABELS = {
  name: 'Name',
  contactEmails: 'Contact emails',
  adminNote: 'Admin note',
  userNote: 'User note',
  status: 'Status',
} as const;

/** Contact addresses one advertiser keeps at most. */
export const ADVERTISER_EMAILS_MAX = 20;

/**
 * An advertiser: its name, contact addresses ('Invalid email'), an admin note (read and written
 * by the main administrator only: RESOURCES.advertiser.adminOnlyFields) and a user note, each at most
 * 3000 characters ('Note too long (Character Limit: 3000)').
 */
export const advertiserRecordSchema = z.object({
  name: resourceNameSchema(ADVERTISER_LABELS.name),
  contactEmails: emailListSchema
    .max(ADVERTISER_EMAILS_MAX, { error: LIMIT_TEXTS.tooMany(ADVERTISER_EMAILS_MAX) })
    .default([]),
  adminNote: noteSchema.default(''),
  userNote: noteSchema.default(''),
  status: statusSchema,
});
export type AdvertiserInput = z.input<typeof advertiserRecordSchema>;
export type Advertiser = z.output<typeof advertiserRecordSchema>;

export const ADVERTISER_DEFAULTS: Advertiser = {
  name: '',
  contactEmails: [],
  adminNote: '',
  userNote: '',
  status: 'active',
};

export const ADVERTISER_LIST: ListShape = {
  sortKeys: ['name', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'name',
  defaultOrder: 'asc',
  filters: { status: ['active', 'inactive'] },
  searchFields: ['name', 'userNote'],
};
