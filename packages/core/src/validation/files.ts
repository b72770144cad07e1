/** Logo and certificate file rules (spec section 5, "Account" and "Logo"). */
import { TOAST_DURATION_MS } from '../constants/index.ts';
import {
  CERTIFICATE_EXTENSIONS,
  LOGIN_LOGO_EXTENSIONS,
  LOGO_EXTENSIONS,
  LOGO_MIN_HEIGHT,
  LOGO_MIN_WIDTH,
  PRIVATE_KEY_EXTENSIONS,
} from './limits.ts';
import { fieldRequiredMessage, VALIDATION_MESSAGES as M } from './messages.ts';
import { fileExtension } from './parsers.ts';
import type { RuleResult } from './types.ts';

/** A chosen file (a browser `File` has a name) or the name/URL of one already uploaded. */
export type FileRef = string | { readonly name: string };

export const isFileRef = (value: unknown): value is FileRef =>
  (typeof value === 'string' && value.trim() !== '') ||
  (typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string');

export const fileRefName = (file: FileRef): string => (typeof file === 'string' ? file : file.name);

/** True when the file's extension (any letter case) is one of `extensions`. */
export const hasAllowedExtension = (file: FileRef, extensions: readonly string[]): boolean =>
  extensions.includes(fileExtension(fileRefName(file)));

/** Value for an `<input type="file" accept>`: '.jpg,.jpeg,.png'. */
export const acceptAttribute = (extensions: readonly string[]): string => extensions.join(',');

/** The spec shows the logo resolution message for 60 s. */
export const LOGO_RESOLUTION_TOAST_MS = TOAST_DURATION_MS.sticky;

/** At least 260 wide and 220 high (both inclusive). */
export const isLogoLargeEnough = (width: number, height: number): boolean =>
  width >= LOGO_MIN_WIDTH && height >= LOGO_MIN_HEIGHT;

/** 'please upload image with at least 260 X 220 resolution' for an image below the minimum. */
export const validateLogoDimensions = (width: number, height: number): RuleResult =>
  isLogoLargeEnough(width, height) ? null : M.logoResolution;

export type LogoKind = 'logo' | 'loginLogo';

/** Labels the required message names (chosen; the spec names only 'Mobile phone'). */
export const FILE_FIELD_LABELS = {
  logo: 'Logo',
  loginLogo: 'Login logo',
  certificateUrl: 'Certificate',
  privateKeyUrl: 'Private key',
} as const;

/**
 * The file a required file field holds must be of an accepted type. The spec has no separate
 * message for a wrong type (the console's file input only offers the accepted ones), so a file
 * of another type counts as no file: '{_field_} is required'.
 */
const validateFile = (value: unknown, extensions: readonly string[], label: string): RuleResult =>
  isFileRef(value) && hasAllowedExtension(value, extensions) ? null : fieldRequiredMessage(label);

/** Logo: .jpg, .jpeg, .png; login logo: the same and .gif. */
export const validateLogoFile = (value: unknown, kind: LogoKind = 'logo'): RuleResult =>
  validateFile(value, kind === 'logo' ? LOGO_EXTENSIONS : LOGIN_LOGO_EXTENSIONS, FILE_FIELD_LABELS[kind]);

/** Custom-domain certificate: .crt or .pem. */
export const validateCertificateFile = (value: unknown): RuleResult =>
  validateFile(value, CERTIFICATE_EXTENSIONS, FILE_FIELD_LABELS.certificateUrl);

/** Custom-domain private key: .key or .pem. */
export const validatePrivateKeyFile = (value: unknown): RuleResult =>
  validateFile(value, PRIVATE_KEY_EXTENSIONS, FILE_FIELD_LABELS.privateKeyUrl);
