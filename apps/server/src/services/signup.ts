/**
 * Sign-up (POST /auth/signup and /auth/mpsignup): a new customer account and its first user, who
 * confirms the email address through a mailed link and waits for a main administrator's review.
 *
 * The answer never tells whether the address has an account (issue 46): a taken address gets the
 * same 201 and message as a new one, after the same password hash and a mail of its own, sent to
 * the address's owner (someone tried to sign up with it; sign in or reset the password), and no
 * second account.
 */
import { randomBytes } from 'node:crypto';
import { AUTH_TEXTS, type SignupRequest } from '@cuepoint/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../lib/database-errors.ts';
import { hashPassword } from '../lib/passwords.ts';
import { RequestProblem } from '../lib/request-problem.ts';
import { createCustomerAccount } from '../repositories/accounts.ts';
import { recordAudit } from '../repositories/audit-log.ts';
import { takeNoticeAllowance } from '../repositories/auth-failures.ts';
import { issueUserToken } from '../repositories/user-tokens.ts';
import { findUserByEmail, type UserRow } from '../repositories/users.ts';

/**
 * 409 naming the email: the address is a member of the caller's own team already (a team invite).
 * Sign-up never answers it, nor does an invite of another customer's user (issue 46).
 */
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
 * Mails the owner of an address that has an account that someone tried to sign up with it, with
 * the links to sign in and to reset the password; at most ACCOUNT_NOTICES_PER_HOUR an hour.
 */
async function mailSignupNotice(
  app: FastifyInstance,
  request: FastifyRequest,
  user: Pick<UserRow, 'email' | 'firstName'>,
) {
  if (!(await takeNoticeAllowance(app.db, user.email))) return;
  const signIn = app.consoleLink('/login', {});
  const reset = app.consoleLink('/reset-password', {});
  try {
    await app.mailer.send({
      to: user.email,
      subject: 'Someone tried to sign up to Cuepoint with your email address',
      text: `Hello ${user.firstName},\n\nSomeone (hopefully you) tried to create a Cuepoint account with this email address. It has an account already, so no new account was created.\n\nIf it was you, sign in:\n\n${signIn}\n\nForgot your password? Choose a new one here:\n\n${reset}\n\nIf it was not you, ignore this email: your account is unchanged.\n`,
      links: [signIn, reset],
    });
  } catch (err) {
    request.log.error({ err }, 'could not send the sign-up notice email');
  }
}

/**
 * The sign-up of an address that has an account: no account is made, the attempt is audited on the
 * existing user's account and its owner is mailed. The caller answers as for a new address.
 */
async function signUpTakenAddress(
  app: FastifyInstance,
  request: FastifyRequest,
  existing: UserRow,
  marketplace: boolean,
) {
  await recordAudit(app.db, {
    action: marketplace ? 'auth.mpsignup-existing' : 'auth.signup-existing',
    customerId: existing.customerId,
    target: existing.id,
    requestId: request.id,
    ip: request.ip,
  });
  await mailSignupNotice(app, request, existing);
}

/**
 * Creates the account (customer and first user, one transaction), audits it and mails the
 * activation link inside the request. A taken address, whether it is seen by the look-up or, for
 * two sign-ups at once, by the unique index, makes no account and mails its owner instead; the
 * caller's answer is the same either way, and so is the work before it (the slow password hash
 * runs first, for every address).
 */
export async function signUp(
  app: FastifyInstance,
  request: FastifyRequest,
  body: SignupRequest & { marketplaceToken?: string },
): Promise<void> {
  const email = body.email.trim().toLowerCase();
  const marketplace = Boolean(body.marketplaceToken);
  const passwordHash = await hashPassword(body.password);
  const existing = await findUserByEmail(app.db, email);
  if (existing) return signUpTakenAddress(app, request, existing, marketplace);
  const name = `${body.firstName} ${body.lastName}`;
  let created: UserRow;
  try {
    created = await createCustomerAccount(app.db, {
      customer: {
        name,
        subDomainName: subDomainFor(name),
        marketplaceToken: body.marketplaceToken ?? null,
      },
      user: {
        email,
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        mobilePhone: body.mobilePhone,
        country: body.country,
        organizationType: body.organizationType,
      },
    });
  } catch (error) {
    // Another sign-up (or invite) took the address meanwhile: it is a taken address like any other.
    const winner = isUniqueViolation(error) ? await findUserByEmail(app.db, email) : undefined;
    if (!winner) throw error;
    return signUpTakenAddress(app, request, winner, marketplace);
  }
  await recordAudit(app.db, {
    action: marketplace ? 'auth.mpsignup' : 'auth.signup',
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
}
