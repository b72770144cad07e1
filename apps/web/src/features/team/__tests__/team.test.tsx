import {
  AUTH_TEXTS,
  TEAM_ROLE_LABELS,
  TEAM_TEXTS,
  type TeamMember,
  type TeamRole,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ROUTE_ID } from '../../../lib/session.ts';
import { jsonResponse, makeUser, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { TEAM_SCREEN_TEXTS as T } from '../texts.ts';

const user = () => userEvent.setup({ delay: null });
afterEach(() => vi.unstubAllGlobals());

const OWNER_ID = '00000000-0000-4000-8000-000000000001';
const EDITOR_ID = '00000000-0000-4000-8000-000000000002';
const INVITED_ID = '00000000-0000-4000-8000-000000000003';

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  _id: OWNER_ID,
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Demo',
  role: 'owner',
  status: 'active',
  isMainAdmin: false,
  invitedAt: null,
  invitedBy: null,
  deactivatedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

const TEAM: TeamMember[] = [
  member({}),
  member({
    _id: EDITOR_ID,
    email: 'eddie@example.com',
    firstName: 'Eddie',
    lastName: 'Editor',
    role: 'editor',
    invitedAt: '2026-02-01T09:00:00.000Z',
    invitedBy: { _id: OWNER_ID, name: 'Dana Demo', email: 'dana@example.com' },
  }),
  member({
    _id: INVITED_ID,
    email: 'ivy@example.com',
    firstName: 'Ivy',
    lastName: 'Invited',
    role: 'viewer',
    status: 'invited',
    invitedAt: '2026-03-01T09:00:00.000Z',
    invitedBy: { _id: OWNER_ID, name: 'Dana Demo', email: 'dana@example.com' },
  }),
];

/** The screen under a session route, signed in as Dana with `role`. */
function renderTeam(role: TeamRole) {
  const routes: RouteObject[] = [
    {
      id: SESSION_ROUTE_ID,
      loader: () => ({
        user: makeUser({ _id: OWNER_ID, firstName: 'Dana', role }),
        isMainAdmin: false,
        loginAs: false,
        userView: false,
      }),
      HydrateFallback: () => null,
      children: [{ path: '/user', lazy: () => import('../routes/team.tsx') }],
    },
  ];
  return renderRoutes(routes, '/user');
}

const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe('the team screen (/user)', () => {
  it('lists the members with role, status and who invited them; an owner gets the controls', async () => {
    stubApi({ 'GET team/members': () => jsonResponse(200, { data: TEAM }) });
    renderTeam('owner');
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(`Dana Demo ${T.you}`);
    expect(rows[1]).toHaveTextContent('eddie@example.com');
    expect(rows[1]).toHaveTextContent(T.invitedBy('Dana Demo'));
    expect(within(rows[2]!).getByText(T.statuses.invited)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.invite })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: T.roleOf('Eddie Editor') })).toHaveValue(
      TEAM_ROLE_LABELS.editor,
    );
    // Dana cannot de-activate herself: her row has no menu; the invited member's offers a resend.
    expect(within(rows[0]!).queryByRole('button', { name: T.actionsFor('Dana Demo') })).toBeNull();
    await user().click(within(rows[2]!).getByRole('button', { name: T.actionsFor('Ivy Invited') }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([T.resendInvite, T.deactivate]);
  });

  it('shows an editor and a viewer the team without any owner control', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      stubApi({ 'GET team/members': () => jsonResponse(200, { data: TEAM }) });
      const view = renderTeam(role);
      const rows = await screen.findAllByTestId('member-row');
      expect(rows[1]).toHaveTextContent(TEAM_ROLE_LABELS.editor);
      expect(screen.queryByRole('button', { name: T.invite })).toBeNull();
      expect(screen.queryByRole('combobox', { name: T.roleOf('Eddie Editor') })).toBeNull();
      expect(screen.queryByRole('button', { name: T.actionsFor('Eddie Editor') })).toBeNull();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('invites: the rules under the fields, the server’s taken address under Email, then the invite', async () => {
    const posted: Record<string, unknown>[] = [];
    let taken = true;
    stubApi({
      'GET team/members': () => jsonResponse(200, { data: TEAM }),
      'POST team/members': (init) => {
        posted.push(bodyOf(init));
        if (taken) {
          taken = false;
          return jsonResponse(409, {
            statusCode: 409,
            error: 'Conflict',
            message: AUTH_TEXTS.emailTaken,
            fields: [{ field: 'email', message: AUTH_TEXTS.emailTaken }],
          });
        }
        return jsonResponse(201, member({ _id: 'new', email: 'new@example.com', status: 'invited' }));
      },
    });
    renderTeam('owner');
    await user().click(await screen.findByRole('button', { name: T.invite }));
    const dialog = await screen.findByRole('dialog', { name: T.inviteTitle });
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    await user().type(email, 'not-an-email');
    await user().click(within(dialog).getByRole('button', { name: T.sendInvite }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user().clear(email);
    await user().type(email, 'new@example.com');
    await user().type(within(dialog).getByRole('textbox', { name: /First name/ }), 'New');
    await user().type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Person');
    await user().click(within(dialog).getByRole('button', { name: T.sendInvite }));
    expect(await within(dialog).findByText(AUTH_TEXTS.emailTaken)).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: T.sendInvite }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: T.inviteTitle })).toBeNull());
    expect(posted.at(-1)).toEqual({
      email: 'new@example.com',
      firstName: 'New',
      lastName: 'Person',
      role: 'viewer',
    });
  });

  it('asks before a demotion and shows the last-owner refusal in the question', async () => {
    const roles: unknown[] = [];
    stubApi({
      'GET team/members': () => jsonResponse(200, { data: TEAM }),
      [`POST team/members/${OWNER_ID}/role`]: (init) => {
        roles.push(bodyOf(init));
        return jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: TEAM_TEXTS.lastOwner,
          fields: [{ field: 'role', message: TEAM_TEXTS.lastOwner }],
        });
      },
      [`POST team/members/${EDITOR_ID}/role`]: (init) => {
        roles.push(bodyOf(init));
        return jsonResponse(200, { ...TEAM[1], role: 'owner' });
      },
    });
    renderTeam('owner');
    // A promotion goes at once.
    await user().click(await screen.findByRole('combobox', { name: T.roleOf('Eddie Editor') }));
    await user().click(await screen.findByRole('option', { name: TEAM_ROLE_LABELS.owner }));
    await waitFor(() => expect(roles).toEqual([{ role: 'owner' }]));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Demoting oneself asks first; Cancel has the focus; the server's refusal shows in the dialog.
    await user().click(screen.getByRole('combobox', { name: T.roleOf('Dana Demo') }));
    await user().click(await screen.findByRole('option', { name: TEAM_ROLE_LABELS.viewer }));
    const dialog = await screen.findByRole('dialog', { name: T.demoteTitle('Dana Demo') });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: T.cancel })).toHaveFocus());
    expect(roles).toHaveLength(1);
    await user().click(within(dialog).getByRole('button', { name: T.changeRole }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TEAM_TEXTS.lastOwner);
    expect(roles.at(-1)).toEqual({ role: 'viewer' });
  });

  it('de-activates and resends an invite after confirming', async () => {
    const calls: string[] = [];
    stubApi({
      'GET team/members': () => jsonResponse(200, { data: TEAM }),
      [`POST team/members/${EDITOR_ID}/deactivate`]: () => {
        calls.push('deactivate');
        return jsonResponse(200, { ...TEAM[1], status: 'deactivated' });
      },
      [`POST team/members/${INVITED_ID}/resend-invite`]: () => {
        calls.push('resend');
        return jsonResponse(200, TEAM[2]);
      },
    });
    renderTeam('owner');
    await user().click(await screen.findByRole('button', { name: T.actionsFor('Eddie Editor') }));
    await user().click(await screen.findByRole('menuitem', { name: T.deactivate }));
    const dialog = await screen.findByRole('dialog', { name: T.deactivateTitle('Eddie Editor') });
    await user().click(within(dialog).getByRole('button', { name: T.deactivate }));
    await waitFor(() => expect(calls).toEqual(['deactivate']));

    await user().click(screen.getByRole('button', { name: T.actionsFor('Ivy Invited') }));
    await user().click(await screen.findByRole('menuitem', { name: T.resendInvite }));
    const resend = await screen.findByRole('dialog', { name: T.resendTitle('ivy@example.com') });
    await user().click(within(resend).getByRole('button', { name: T.send }));
    await waitFor(() => expect(calls).toEqual(['deactivate', 'resend']));
  });

  it('shows loading, then an error with Try again', async () => {
    let fail = true;
    stubApi({
      'GET team/members': () =>
        fail
          ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Boom' })
          : jsonResponse(200, { data: TEAM }),
    });
    renderTeam('viewer');
    expect(await screen.findByRole('status')).toHaveTextContent(T.loading);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.loadFailed);
    fail = false;
    await user().click(within(alert).getByRole('button', { name: T.retry }));
    expect(await screen.findAllByTestId('member-row')).toHaveLength(3);
  });
});
