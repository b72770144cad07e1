import { z } from 'zod';
import { userSchema } from './user.ts';

export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'This field is required' })
    .trim()
    .min(1, { error: 'This field is required' })
    .max(320),
  password: z
    .string({ error: 'This field is required' })
    .min(1, { error: 'This field is required' })
    .max(1024),
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
