import { AUTH_TEXTS, activateRequestSchema, newPasswordRequestSchema } from '@cuepoint/core';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { useNewPassword } from '../api/new-password.ts';
import {
  AuthLayout,
  AuthLink,
  ErrorAlert,
  failureMessage,
  SuccessAlert,
} from '../components/auth-layout.tsx';
import { PasswordPair } from '../components/password-pair.tsx';

/** The reset link's page (/new-password?email=…&token=…): a new password, twice. */
export function Component() {
  const [params] = useSearchParams();
  const link = { email: params.get('email') ?? '', token: params.get('token') ?? '' };
  const linkValid = activateRequestSchema.safeParse(link).success;
  const newPassword = useNewPassword();
  const [failure, setFailure] = useState<string>();
  const form = useZodForm(newPasswordRequestSchema, { ...link, password: '', repeatPassword: '' });

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    try {
      await newPassword.mutateAsync(values);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.password || fields.repeatPassword) form.setErrors(fields);
      else setFailure(failureMessage(error));
    }
  });

  const body = !linkValid ? (
    <ErrorAlert title="Invalid link">{AUTH_TEXTS.resetInvalid}</ErrorAlert>
  ) : newPassword.data ? (
    <SuccessAlert title="Password changed">{newPassword.data.message}</SuccessAlert>
  ) : (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <ErrorAlert title="Password not changed">{failure}</ErrorAlert>}
        <PasswordPair form={form} label="New password" />
        <Button type="submit" loading={newPassword.isPending} fullWidth>
          Set new password
        </Button>
      </Stack>
    </form>
  );

  return (
    <AuthLayout
      title="Choose a new password"
      description={linkValid ? `For ${link.email}` : undefined}
      links={
        newPassword.data ? (
          <AuthLink to={PATHS.login}>Sign in</AuthLink>
        ) : (
          <>
            {(!linkValid || failure) && <AuthLink to={PATHS.resetPassword}>Request a new link</AuthLink>}
            <AuthLink to={PATHS.login}>Back to sign in</AuthLink>
          </>
        )
      }
    >
      {body}
    </AuthLayout>
  );
}
