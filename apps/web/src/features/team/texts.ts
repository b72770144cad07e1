/**
 * The team screen's own texts (/user, issue 18). The roles' names (TEAM_ROLE_LABELS), the form's
 * labels (TEAM_FIELD_LABELS) and the server's answers (TEAM_TEXTS) come from @cuepoint/core.
 */
import type { TeamMemberStatus, TeamRole } from '@cuepoint/core';

export const TEAM_SCREEN_TEXTS = {
  title: 'Team',
  intro: 'Everyone who signs in to this account, with what their role lets them do.',
  invite: 'Invite a member',
  columns: {
    name: 'Name',
    email: 'Email',
    role: 'Role',
    status: 'Status',
    invited: 'Invited',
    actions: 'Actions',
  },
  statuses: {
    active: 'Active',
    invited: 'Invited',
    deactivated: 'De-activated',
  } satisfies Record<TeamMemberStatus, string>,
  roleHelp: {
    owner: 'Everything, including the team, the plan, API tokens and de-activating the account',
    editor: 'Creates, changes and deletes the account’s streams, VOD, slates, encoders and demand',
    viewer: 'Reads everything; changes only their own profile and notifications',
  } satisfies Record<TeamRole, string>,
  you: '(you)',
  mainAdmin: 'Main administrator',
  invitedBy: (name: string) => `by ${name}`,
  notInvited: '—',
  roleOf: (name: string) => `Role of ${name}`,
  actionsFor: (name: string) => `Actions for ${name}`,
  caption: 'Team members',
  loading: 'Loading the team…',
  loadFailed: 'Could not load the team',
  retry: 'Try again',
  empty: 'No one in the team yet',
  // The invite dialog.
  inviteTitle: 'Invite a team member',
  inviteBody: 'They get an email with a link to choose their password. The link works once, for 7 days.',
  sendInvite: 'Send invite',
  cancel: 'Cancel',
  // Role changes.
  roleChanged: (name: string, role: string) => `${name} is now ${role}`,
  demoteTitle: (name: string) => `Change the role of ${name}?`,
  demoteBody: (name: string, from: string, to: string) =>
    `${name} goes from ${from} to ${to} and loses what only ${from === 'Owner' ? 'owners' : 'editors'} may do. Their next request uses the new role.`,
  demoteSelfBody: (from: string, to: string) =>
    `You go from ${from} to ${to}: you lose what only ${from === 'Owner' ? 'owners' : 'editors'} may do, and cannot undo it yourself.`,
  changeRole: 'Change role',
  // De-activate, re-activate, resend.
  deactivate: 'De-activate',
  reactivate: 'Re-activate',
  resendInvite: 'Resend invite',
  deactivateTitle: (name: string) => `De-activate ${name}?`,
  deactivateBody: (name: string) =>
    `${name} can no longer sign in, is signed out everywhere at once, and an invite link they have stops working. You can re-activate them later.`,
  deactivated: (name: string) => `${name} is de-activated`,
  reactivateTitle: (name: string) => `Re-activate ${name}?`,
  reactivateBody: (name: string) => `${name} can sign in again with their role.`,
  reactivated: (name: string) => `${name} is re-activated`,
  resendTitle: (email: string) => `Send the invite to ${email} again?`,
  resendBody: 'A new link is mailed; the earlier one stops working.',
  send: 'Send',
} as const;
