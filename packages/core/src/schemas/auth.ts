/**
 * The accounts-and-sessions API (issue 4): payloads and answers shared by the server's route
 * schemas and the console's forms. Their paths are API_PATHS.auth (api/paths.ts).
 */
import { z } from 'zod';
import { repeatPasswordRule } from '../validation/cross-field-rules.ts';
import {
  emailSchema,
  passwordSchema,
  repeatPasswordSchema,
  textSchema,
} from '../validation/field-schemas.ts';
import { EMAIL_MAX_LENGTH } from '../validation/limits.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { crossFieldCheck } from '../validation/zod-checks.ts';
import { userSchema } from './user.ts';

const required = { error: VALIDATION_MESSAGES.thisFieldRequired };

/**
 * Login checks no address pattern (any text is looked up, and a wrong one is the generic 401),
 * but an email beyond EMAIL_MAX_LENGTH is no address: 'Invalid email', like the other forms.
 */
export const loginRequestSchema = z.object({
  email: textSchema(required)
    .trim()
    .min(1, required)
    .max(EMAIL_MAX_LENGTH, { error: VALIDATION_MESSAGES.invalidEmail }),
  password: textSchema(required).min(1, required).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A plain confirmation: sign-up, activation, reset request, new password. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `POST auth/activate` with the email and the single-use token of the activation link. */
export const activateRequestSchema = z.object({
  email: emailSchema,
  token: textSchema(required).min(1, required).max(200),
});
export type ActivateRequest = z.infer<typeof activateRequestSchema>;

/** `POST auth/resend-activation` and `POST auth/reset-password`: just an email. */
export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

/** `POST auth/new-password`: the reset link's email and token, and the new password twice. */
export const newPasswordRequestSchema = z
  .object({
    email: emailSchema,
    token: textSchema(required).min(1, required).max(200),
    password: passwordSchema(),
    repeatPassword: repeatPasswordSchema,
  })
  .check(crossFieldCheck(repeatPasswordRule()));
export type NewPasswordRequest = z.infer<typeof newPasswordRequestSchema>;

/**
 * The body of a refused login or request whose user cannot use the console yet (spec section 8):
 * `isActive` false -> the console goes to /user-activate?email={email}; `isActive` true and
 * `isGmanaActive` false -> it stores `firstName` and goes to /account-review.
 */
export const accountStateErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  isActive: z.boolean(),
  isGmanaActive: z.boolean(),
  email: z.string(),
  firstName: z.string(),
});
export type AccountStateError = z.infer<typeof accountStateErrorSchema>;

export const approveCustomerResponseSchema = z.object({ _id: z.string(), approvedUsers: z.number().int() });

/** Texts of these flows (not in the spec: ours, kept in one place). */
export const AUTH_TEXTS = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  // True whether or not the address already had an account (issue 46): a new one gets its
  // activation link, the owner of a taken one a notice with a sign-in and a reset link.
  signupDone: 'Thank you. We have sent a message with the next step to this address.',
  activationSent: 'If this address has an account waiting for activation, a new link is on its way.',
  activated: 'Your email address is confirmed. Your account is now waiting for review.',
  activationInvalid: 'This activation link is invalid or has expired.',
  resetSent: 'If an account exists for this email, a password reset link is on its way.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please sign in with the new one.',
  notActivated: 'Please activate your account through the link we emailed you.',
  inReview: 'Your account is waiting for review by our team.',
  emailTaken: 'An account with this email already exists',
  loginAsForbidden: 'Only a main administrator may act as another user',
} as const;

/** Kept for existing imports: the generic answer to a wrong email or password. */
export const INVALID_CREDENTIALS_MESSAGE = AUTH_TEXTS.invalidCredentials;

/** Header names of spec section 7 (lower-case, as Node presents them). */
export const HEADERS = {
  authType: 'auth-type',
  loginAs: 'login-as',
  userId: 'user-id',
  userToken: 'usertoken',
} as const;
export const AUTH_TYPES = ['reg', 'ad'] as const;

/** Browser-stored values of spec section 3, by their exact names. */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  authType: 'authType',
  loginAsId: 'loginasid',
  loginAs: 'loginas',
  user: 'user',
  firstName: 'firstName',
} as const;
/** What logout keeps in local storage (spec section 4). */
export const STORAGE_KEPT_ON_LOGOUT = ['history', 'defaultEventDuration'] as const;

/** `GET customer/pending` (main administrator): customers that signed up and await review. */
export const pendingCustomersResponseSchema = z.array(
  z.object({
    _id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    users: z.array(z.object({ _id: z.string(), email: z.string(), isActive: z.boolean() })),
  }),
);
export type PendingCustomers = z.infer<typeof pendingCustomersResponseSchema>;
