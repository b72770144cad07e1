import {
  API_PATHS,
  AUTH_TEXTS,
  accountStateErrorSchema,
  activateRequestSchema,
  emailRequestSchema,
  errorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  marketplaceSignupRequestSchema,
  messageResponseSchema,
  newPasswordRequestSchema,
  routePattern,
  signupRequestSchema,
  TEAM_TEXTS,
} from '@cuepoint/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/request-problem.ts';
import { toUserDto } from '../../lib/user-dto.ts';
import { recordAudit } from '../../repositories/audit-log.ts';
import {
  clearAccountLimits,
  isKnownAddress,
  loginKeys,
  type MailRequester,
  releaseLoginAttempt,
  reserveLoginAttempt,
  takeMailAllowance,
} from '../../repositories/auth-failures.ts';
import { createSession, revokeSessionFamily, revokeUserSessions } from '../../repositories/sessions.ts';
import { consumeUserToken, issueUserToken } from '../../repositories/user-tokens.ts';
import {
  activateUser,
  findUserByEmail,
  findUserWithCustomer,
  setPasswordHash,
  type UserRow,
} from '../../repositories/users.ts';
import { deviceOf, issueDeviceCookie } from '../../services/device-cookie.ts';
import { mailActivation, signUp } from '../../services/signup.ts';
import { DEACTIVATION_TEXTS, deactivationRoutes } from './deactivation.ts';

/** The refusal the console routes by (spec section 8) for a user who cannot sign in yet. */
const accountStateError = (user: UserRow) =>
  forbidden(user.isActive ? AUTH_TEXTS.inReview : AUTH_TEXTS.notActivated, {
    isActive: user.isActive,
    isGmanaActive: user.isGmanaActive,
    email: user.email,
    firstName: user.firstName,
  });

/** Public authentication routes (no token needed). */
export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same 201 and message whether or not the address has an account (issue 46): a taken one
  // makes no account and its owner is mailed instead (services/signup.ts).
  const signupResponses = { 201: messageResponseSchema };

  /** Who asks for an account mail: the recipient's own browser (its device cookie), else the address. */
  const mailRequester = (request: FastifyRequest, recipient: UserRow): MailRequester => {
    const device = deviceOf(app, request, recipient.id);
    return device ? { device } : { ip: request.ip };
  };

  app.post(
    routePattern(API_PATHS.auth.signup),
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create a customer account and its first user; mails an activation link (an address that has an account gets the same answer, and its owner a notice instead)',
        body: signupRequestSchema,
        response: signupResponses,
      },
    },
    async (request, reply) => {
      await signUp(app, request, request.body);
      return reply.code(201).send({ message: AUTH_TEXTS.signupDone });
    },
  );

  app.post(
    routePattern(API_PATHS.auth.mpsignup),
    {
      schema: {
        tags: ['auth'],
        summary: 'Marketplace sign-up: the same, storing the marketplace customer token on the customer',
        body: marketplaceSignupRequestSchema,
        response: signupResponses,
      },
    },
    async (request, reply) => {
      await signUp(app, request, request.body);
      return reply.code(201).send({ message: AUTH_TEXTS.signupDone });
    },
  );

  app.post(
    routePattern(API_PATHS.auth.activate),
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm the email address with the single-use token of the activation link',
        body: activateRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await app.db.transaction(async (tx) => {
        const found = await consumeUserToken(tx, { ...request.body, purpose: 'activation' });
        if (found) await activateUser(tx, found.id);
        return found;
      });
      if (!user) throw badRequest(AUTH_TEXTS.activationInvalid);
      app.sessionCache?.deleteUser(user.id);
      await recordAudit(app.db, {
        action: 'auth.activate',
        actorUserId: user.id,
        effectiveUserId: user.id,
        customerId: user.customerId,
        requestId: request.id,
        ip: request.ip,
      });
      return { message: AUTH_TEXTS.activated };
    },
  );

  app.post(
    routePattern(API_PATHS.auth.resendActivation),
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a new activation link (the same answer whether or not the account exists)',
        body: emailRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      // Looked up after the answer, so its timing cannot tell whether the address has an account.
      app.afterReply('resend-activation mail', async () => {
        const user = await findUserByEmail(app.db, email);
        if (
          user &&
          !user.isActive &&
          (await takeMailAllowance(app.db, user.email, mailRequester(request, user)))
        ) {
          await mailActivation(app, user);
        }
      });
      return { message: AUTH_TEXTS.activationSent };
    },
  );

  app.post(
    routePattern(API_PATHS.auth.login),
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password; answers a bearer token and the user',
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          401: errorResponseSchema,
          403: z.union([accountStateErrorSchema, errorResponseSchema]),
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await findUserByEmail(app.db, email);
      // A browser this account signed in from (a valid device cookie of it) is counted on its own,
      // never by the account's lock-out of untrusted clients (services/device-cookie.ts).
      const device = user ? deviceOf(app, request, user.id) : undefined;
      // The attempt is counted before the slow hash runs, so parallel guesses cannot outrun the limit.
      const keys = loginKeys(email, request.ip, device);
      const knownAddress = user && !device ? await isKnownAddress(app.db, user.id, request.ip) : false;
      const reservation = await reserveLoginAttempt(app.db, keys, { knownAddress });
      if (reservation.waitMs > 0) {
        throw tooManyRequests(AUTH_TEXTS.tooManyAttempts(Math.ceil(reservation.waitMs / 60_000)));
      }
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !ok) throw unauthorized(AUTH_TEXTS.invalidCredentials);
      await releaseLoginAttempt(app.db, reservation);
      const found = await findUserWithCustomer(app.db, user.id);
      if (!found) throw unauthorized(AUTH_TEXTS.invalidCredentials);
      // A plain 403 (no isActive in the body): the console clears its state and shows the login page.
      if (found.customer.deactivatedAt) throw forbidden(DEACTIVATION_TEXTS.loginRefused);
      // A member a team owner de-activated (issue 18): the same plain 403, with its own words.
      if (user.deactivatedAt) throw forbidden(TEAM_TEXTS.userDeactivated);
      if (!user.isActive || !user.isGmanaActive) throw accountStateError(user);

      const session = await createSession(app.db, user.id, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      await recordAudit(app.db, {
        action: 'auth.login',
        actorUserId: user.id,
        effectiveUserId: user.id,
        customerId: user.customerId,
        requestId: request.id,
        ip: request.ip,
      });
      issueDeviceCookie(app, request, reply, user.id);
      return {
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
        user: toUserDto(found.user, found.customer),
      };
    },
  );

  app.post(
    routePattern(API_PATHS.auth.resetPassword),
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (the same answer whether or not the account exists)',
        body: emailRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      // Looked up after the answer, so its timing cannot tell whether the address has an account.
      // The allowance is the requester's (repositories/auth-failures.ts): a stranger asking for the
      // owner's links spends their own, never the owner's; the answer is the same either way.
      app.afterReply('reset-password mail', async () => {
        const user = await findUserByEmail(app.db, email);
        if (!user || !(await takeMailAllowance(app.db, user.email, mailRequester(request, user)))) return;
        const token = await issueUserToken(app.db, user.id, 'reset');
        const link = app.consoleLink('/new-password', { email: user.email, token });
        await app.mailer.send({
          to: user.email,
          subject: 'Reset your Cuepoint password',
          text: `Hello ${user.firstName},\n\nSomeone (hopefully you) asked to reset your Cuepoint password. Choose a new one here:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this email.\n`,
          links: [link],
        });
      });
      return { message: AUTH_TEXTS.resetSent };
    },
  );

  app.post(
    routePattern(API_PATHS.auth.newPassword),
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the reset link token; ends every session of the user',
        body: newPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password);
      const user = await app.db.transaction(async (tx) => {
        const found = await consumeUserToken(tx, { ...request.body, purpose: 'reset' });
        if (!found) return undefined;
        await setPasswordHash(tx, found.id, passwordHash);
        await revokeUserSessions(tx, found.id);
        return found;
      });
      if (!user) throw badRequest(AUTH_TEXTS.resetInvalid);
      app.sessionCache?.deleteUser(user.id);
      // The owner proved control of the mailbox: whatever locked the account out is forgotten.
      await clearAccountLimits(app.db, user);
      await recordAudit(app.db, {
        action: 'auth.new-password',
        actorUserId: user.id,
        effectiveUserId: user.id,
        customerId: user.customerId,
        requestId: request.id,
        ip: request.ip,
      });
      return { message: AUTH_TEXTS.passwordChanged };
    },
  );
};

const LOGOUT_WITH_API_TOKEN =
  'An API token has no session to log out of; switch API access off in My Account to revoke it';

/** Authentication routes for a signed-in caller. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(deactivationRoutes);

  app.post(
    routePattern(API_PATHS.auth.logout),
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current bearer token (a console session; an API token is switched off instead)',
        security: [{ bearer: [] }],
        response: { 200: z.object({ success: z.literal(true) }), 400: errorResponseSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      if (auth.kind !== 'session') throw badRequest(LOGOUT_WITH_API_TOKEN);
      const signedIn = auth.signedInAdmin ?? auth.user;
      auth.rotate = false; // a revoked token gets no successor
      const revoked = await revokeSessionFamily(app.db, auth);
      for (const id of new Set([auth.sessionId, ...revoked])) app.sessionCache?.deleteSession(id);
      await recordAudit(app.db, {
        action: 'auth.logout',
        actorUserId: signedIn.id,
        effectiveUserId: auth.user.id,
        customerId: signedIn.customerId,
        requestId: request.id,
        ip: request.ip,
      });
      return { success: true as const };
    },
  );
};
