import { acceptInviteRequestSchema, activateRequestSchema, TEAM_TEXTS } from '@cuepoint/core';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { AuthLayout, AuthLink, ErrorAlert, failureMessage, SuccessAlert } from './auth-layout.tsx';
import { PasswordPair } from './password-pair.tsx';

/** The invite link's page (/user-activate?email=…&token=…&invite=1): the member's own password, twice. */
export function AcceptInvite({ email, token }: { email: string; token: string }) {
  const link = { email, token };
  const linkValid = activateRequestSchema.safeParse(link).success;
  const accept = useAcceptInvite();
  const [failure, setFailure] = useState<string>();
  const form = useZodForm(acceptInviteRequestSchema, { ...link, password: '', repeatPassword: '' });

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    try {
      await accept.mutateAsync(values);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.password || fields.repeatPassword) form.setErrors(fields);
      else setFailure(failureMessage(error));
    }
  });

  const body = !linkValid ? (
    <ErrorAlert title="Invalid link">{TEAM_TEXTS.inviteInvalid}</ErrorAlert>
  ) : accept.data ? (
    <SuccessAlert title="Welcome to the team">{accept.data.message}</SuccessAlert>
  ) : (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <ErrorAlert title="Invitation not accepted">{failure}</ErrorAlert>}
        <PasswordPair form={form} />
        <Button type="submit" loading={accept.isPending} fullWidth>
          Set password and join
        </Button>
      </Stack>
    </form>
  );

  return (
    <AuthLayout
      title="Join your team"
      description={linkValid ? `Choose the password you sign in with as ${email}.` : undefined}
      links={<AuthLink to={PATHS.login}>{accept.data ? 'Sign in' : 'Back to sign in'}</AuthLink>}
    >
      {body}
    </AuthLayout>
  );
}
