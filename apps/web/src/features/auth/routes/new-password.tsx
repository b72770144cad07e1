import { AUTH_TEXTS, activateRequestSchema, newPasswordRequestSchema } from '@cuepoint/core';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useNewPassword } from '../api/new-password.ts';
import {
  AuthLayout,
  AuthLink,
  ErrorAlert,
  failureMessage,
  PASSWORD_HINT,
  SuccessAlert,
} from '../components/auth-layout.tsx';

/** The reset link's page (/new-password?email=…&token=…): a new password, twice. */
export function Component() {
  const [params] = useSearchParams();
  const link = { email: params.get('email') ?? '', token: params.get('token') ?? '' };
  const linkValid = activateRequestSchema.safeParse(link).success;
  const newPassword = useNewPassword();
  const [failure, setFailure] = useState<string>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { ...link, password: '', repeatPassword: '' },
    validateInputOnBlur: true,
    validate: zodValidate(newPasswordRequestSchema),
  });

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
        <PasswordInput
          label="New password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Repeat password"
          autoComplete="new-password"
          required
          key={form.key('repeatPassword')}
          {...form.getInputProps('repeatPassword')}
        />
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
