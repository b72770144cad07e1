/**
 * Sign-up (POST /auth/signup and /auth/mpsignup): a new customer account and its first user, who
 * confirms the email address through a mailed link and waits for a main administrator's review.
 */
import { randomBytes } from 'node:crypto';
import { AUTH_TEXTS, type SignupRequest } from '@cuepoint/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onUniqueViolation } from '../lib/database-errors.ts';
import { hashPassword } from '../lib/passwords.ts';
import { RequestProblem } from '../lib/request-problem.ts';
import { createCustomerAccount } from '../repositories/accounts.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import { issueUserToken } from '../repositories/user-tokens.ts';
import { findUserByEmail, type UserRow } from '../repositories/users.ts';

/** 409 naming the email: an account has it already. */
export const emailTaken = () =>
  new RequestProblem(409, AUTH_TEXTS.emailTaken, {
    fields: [{ field: 'email', message: AUTH_TEXTS.emailTaken }],
  });

/** A sub-domain slug for a new customer: its name, made URL-safe, and a random suffix. */
export const subDomainFor = (name: string) =>
  `${
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'customer'
  }-${randomBytes(3).toString('hex')}`;

/** Mails a fresh single-use activation link (earlier ones stop working). */
export async function mailActivation(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
) {
  const token = await issueUserToken(app.db, user.id, 'activation');
  const link = app.consoleLink('/user-activate', { email: user.email, token });
  await app.mailer.send({
    to: user.email,
    subject: 'Activate your Cuepoint account',
    text: `Hello ${user.firstName},\n\nPlease confirm your email address to activate your Cuepoint account:\n\n${link}\n\nThe link works once and expires in 7 days.\n`,
    links: [link],
  });
}

/**
 * Creates the account (customer and first user, one transaction), audits it and mails the
 * activation link inside the request. A taken email is a 409 naming it, whether it is seen before
 * the slow password hash or, for two sign-ups at once, by the unique index.
 */
export async function signUp(
  app: FastifyInstance,
  request: FastifyRequest,
  body: SignupRequest & { marketplaceToken?: string },
): Promise<UserRow> {
  if ((await findUserByEmail(app.db, body.email)) !== undefined) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  const name = `${body.firstName} ${body.lastName}`;
  const created = await onUniqueViolation(
    () =>
      createCustomerAccount(app.db, {
        customer: {
          name,
          subDomainName: subDomainFor(name),
          marketplaceToken: body.marketplaceToken ?? null,
        },
        user: {
          email: body.email.trim().toLowerCase(),
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          mobilePhone: body.mobilePhone,
          country: body.country,
          organizationType: body.organizationType,
        },
      }),
    emailTaken,
  );
  await recordAudit(app.db, {
    action: body.marketplaceToken ? 'auth.mpsignup' : 'auth.signup',
    actorUserId: created.id,
    effectiveUserId: created.id,
    customerId: created.customerId,
    requestId: request.id,
    ip: request.ip,
  });
  try {
    await mailActivation(app, created);
  } catch (err) {
    // The account exists; the user can ask for the link again from the activation page.
    request.log.error({ err }, 'could not send the activation email');
  }
  return created;
}
