import { TEAM_TEXTS, VALIDATION_MESSAGES } from '@cuepoint/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;
const LINK = '/user-activate?email=ivy%40example.com&token=invite-1&invite=1';

describe('/user-activate with a team invite (invite=1)', () => {
  it('checks both password rules, then sets the password and sends to sign in', async () => {
    const posted: unknown[] = [];
    stubApi({
      'POST team/accept-invite': (init) => {
        posted.push(body(init));
        return jsonResponse(200, { message: TEAM_TEXTS.accepted });
      },
    });
    renderApp(LINK);
    const ui = userEvent.setup({ delay: null });
    await ui.click(await screen.findByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.passwordEmpty)).toBeInTheDocument();
    await ui.type(input(/^password/i), 'abcdefgh');
    await ui.type(input(/^repeat password/i), 'abcdefgX');
    await ui.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.passwordComplexity)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.repeatPassword)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await ui.clear(input(/^password/i));
    await ui.clear(input(/^repeat password/i));
    await ui.type(input(/^password/i), 'Joiner#Pass1');
    await ui.type(input(/^repeat password/i), 'Joiner#Pass1');
    await ui.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEAM_TEXTS.accepted);
    expect(posted).toEqual([
      {
        email: 'ivy@example.com',
        token: 'invite-1',
        password: 'Joiner#Pass1',
        repeatPassword: 'Joiner#Pass1',
      },
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the server’s refusal of a used or expired link', async () => {
    stubApi({
      'POST team/accept-invite': () =>
        jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: TEAM_TEXTS.inviteInvalid }),
    });
    renderApp(LINK);
    const ui = userEvent.setup({ delay: null });
    await ui.type(await screen.findByLabelText(/^password/i, { selector: 'input' }), 'Joiner#Pass1');
    await ui.type(input(/^repeat password/i), 'Joiner#Pass1');
    await ui.click(screen.getByRole('button', { name: 'Set password and join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_TEXTS.inviteInvalid);
  });
});
