import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { userSchema } from './user.ts';

const required = { error: VALIDATION_MESSAGES.thisFieldRequired };

export const loginRequestSchema = z.object({
  email: z.string(required).trim().min(1, required).max(320),
  password: z.string(required).min(1, required).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The generic answer to a wrong email or password (no account probing). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
/** Header names of spec section 7. */
export const HEADERS = {
  authType: 'auth-type',
  loginAs: 'login-as',
  userId: 'user-id',
  userToken: 'usertoken',
} as const;
export const AUTH_TYPES = ['reg', 'ad'] as const;
