import { AUTH_TEXTS, emailRequestSchema } from '@cuepoint/core';
import { Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { useActivate } from '../api/activate.ts';
import { useResendActivation } from '../api/resend-activation.ts';
import { AcceptInvite } from '../components/accept-invite.tsx';
import {
  AuthLayout,
  AuthLink,
  ErrorAlert,
  failureMessage,
  SuccessAlert,
} from '../components/auth-layout.tsx';

/**
 * /user-activate: with the emailed link's token, confirms the address on load; without one (an
 * inactive user's login), explains where the link is and offers to send it again. With `invite`
 * (a team invite's link), the invited member sets its password instead (AcceptInvite).
 */
export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  // A team invite's link (issue 18): the member chooses its password here.
  if (params.get('invite') !== null) return <AcceptInvite email={email} token={token} />;
  return <ActivateAccount email={email} token={token} />;
}

/** The sign-up's activation link, or the way to ask for a new one. */
function ActivateAccount({ email, token }: { email: string; token: string }) {
  const activate = useActivate();
  const posted = useRef(false);

  useEffect(() => {
    // Once per page: the token is single-use (StrictMode runs effects twice; the ref survives).
    if (!token || posted.current) return;
    posted.current = true;
    activate.mutate({ email, token });
  }, [activate.mutate, email, token]);

  const activation = !token ? null : activate.isSuccess ? (
    <SuccessAlert title="Email address confirmed">{activate.data.message}</SuccessAlert>
  ) : activate.isError ? (
    <ErrorAlert title="Activation failed">{failureMessage(activate.error)}</ErrorAlert>
  ) : (
    <Stack align="center" gap="xs" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text size="sm">Activating your account…</Text>
    </Stack>
  );

  return (
    <AuthLayout
      title="Activate your account"
      description={token ? undefined : AUTH_TEXTS.notActivated}
      links={<AuthLink to={PATHS.login}>Back to sign in</AuthLink>}
    >
      {activation}
      {(!token || activate.isError) && <ResendActivation email={email} />}
    </AuthLayout>
  );
}

function ResendActivation({ email }: { email: string }) {
  const resend = useResendActivation();
  const form = useZodForm(emailRequestSchema, { email });
  const submit = form.onSubmit((values) => resend.mutateAsync(values).catch(() => undefined));

  if (resend.data) return <SuccessAlert title="Activation email sent">{resend.data.message}</SuccessAlert>;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">Did not get the email, or has the link expired? We can send a new one.</Text>
        {resend.error && <ErrorAlert title="Request failed">{failureMessage(resend.error)}</ErrorAlert>}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" variant="light" loading={resend.isPending} fullWidth>
          Resend activation email
        </Button>
      </Stack>
    </form>
  );
}
