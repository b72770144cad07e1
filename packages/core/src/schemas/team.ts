/**
 * The customer's team (issue 18, the /user screen): its members with their roles, the invite,
 * the owner's changes to a member, and the invite's acceptance (a password, twice). Paths:
 * API_PATHS.team. The role rule itself is core's `roleAllows` (resources/permissions.ts).
 */
import { z } from 'zod';
import { TEAM_ROLES, type TeamRole } from '../resources/permissions.ts';
import { emailSchema, requiredTextSchema } from '../validation/field-schemas.ts';
import { TEXT_LIMITS } from '../validation/limits.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { newPasswordRequestSchema } from './auth.ts';

/** How long a team member's first or last name may be: core's one bound of a person's name. */
export const TEAM_NAME_MAX_LENGTH = TEXT_LIMITS.personName;

/** Labels of the invite form ('{_field_} is required'). */
export const TEAM_FIELD_LABELS = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  role: 'Role',
} as const;

/** A member's state: signed in with a password of its own, invited and not yet, or de-activated. */
export const TEAM_MEMBER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

export const teamRoleSchema = z.enum(TEAM_ROLES, { error: VALIDATION_MESSAGES.thisFieldRequired });

/** One member of the team as the list shows it. */
export const teamMemberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(TEAM_ROLES),
  status: z.enum(TEAM_MEMBER_STATUSES),
  isMainAdmin: z.boolean(),
  invitedAt: z.string().nullable(),
  /** Who invited the member (null for the account's first user, or when that user is gone). */
  invitedBy: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** `GET team/members`: the caller's customer's members, owners first, then by name. */
export const teamListResponseSchema = z.object({ data: z.array(teamMemberSchema) });
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;

/** `POST team/members`: invite someone by email with a role (they set their password from the mail). */
export const teamInviteRequestSchema = z.object({
  email: emailSchema,
  firstName: requiredTextSchema(TEAM_FIELD_LABELS.firstName, TEAM_NAME_MAX_LENGTH),
  lastName: requiredTextSchema(TEAM_FIELD_LABELS.lastName, TEAM_NAME_MAX_LENGTH),
  role: teamRoleSchema,
});
export type TeamInviteRequest = z.infer<typeof teamInviteRequestSchema>;

/** `POST team/members/:id/role`. */
export const teamRoleRequestSchema = z.object({ role: teamRoleSchema });
export type TeamRoleRequest = z.infer<typeof teamRoleRequestSchema>;

/**
 * `POST team/accept-invite`: the invite link's email and token, and the new password twice (the
 * same fields and rules as a password reset's).
 */
export const acceptInviteRequestSchema = newPasswordRequestSchema;
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequestSchema>;

/** Whether demoting `from` to `to` takes rights away (the console asks first). */
export const isDemotion = (from: TeamRole, to: TeamRole) => TEAM_ROLES.indexOf(to) > TEAM_ROLES.indexOf(from);

/** Texts of the team flows (ours: the spec words none of them); both sides and the tests use them. */
export const TEAM_TEXTS = {
  lastOwner: 'The team must keep at least one active owner: make someone else an owner first',
  notFound: 'Team member not found',
  notYourself: 'You cannot de-activate yourself; ask another owner',
  mainAdmin: 'A main administrator’s role and access are not managed from a team',
  notInvited: 'This member has already accepted the invitation',
  notDeactivated: 'This member is not de-activated',
  alreadyDeactivated: 'This member is already de-activated',
  deactivatedMember: 'This member is de-activated: re-activate them first',
  invited: (email: string) => `Invitation sent to ${email}`,
  inviteResent: (email: string) => `Invitation sent again to ${email}`,
  /** A re-send refused for this hour (429 with Retry-After): an invite is re-sent a few times an hour at most. */
  resendLimit: (minutes: number) =>
    `This invitation has been sent again too often. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  accepted: 'Your password is set and your account is active. Sign in with your email and new password.',
  inviteInvalid: 'This invitation link is invalid or has expired. Ask a team owner to send it again.',
  /** The answer to a login of a de-activated member (403: the console shows the login page). */
  userDeactivated: 'Your user has been de-activated by an owner of your team',
  /** A write the caller's role does not allow (403 with `roleRequired`). */
  roleRefused: (least: TeamRole) =>
    least === 'owner'
      ? 'Only a team owner may do this'
      : 'Your role in the team is Viewer: you may read, but not change anything',
  joined: (name: string) => `${name} joined your team`,
} as const;
