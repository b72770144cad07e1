import { emailRequestSchema } from '@cuepoint/core';
import { Button, Stack, TextInput } from '@mantine/core';
import { PATHS } from '../../../lib/paths.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { useResetPassword } from '../api/reset-password.ts';
import {
  AuthLayout,
  AuthLink,
  ErrorAlert,
  failureMessage,
  SuccessAlert,
} from '../components/auth-layout.tsx';

/** Password reset request: always the same answer, so nobody can probe for accounts. */
export function Component() {
  const reset = useResetPassword();
  const form = useZodForm(emailRequestSchema, { email: '' });
  const submit = form.onSubmit((values) => reset.mutateAsync(values).catch(() => undefined));

  return (
    <AuthLayout
      title="Reset your password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      links={<AuthLink to={PATHS.login}>Back to sign in</AuthLink>}
    >
      {reset.data ? (
        <SuccessAlert title="Check your email">{reset.data.message}</SuccessAlert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {reset.error && <ErrorAlert title="Request failed">{failureMessage(reset.error)}</ErrorAlert>}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={reset.isPending} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
