import { loginRequestSchema, TEXTS } from '@cuepoint/core';
import { Button, Center, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useLoginLogo } from '../../../components/login-logo.ts';
import { PATHS } from '../../../lib/paths.ts';
import { signIn } from '../../../lib/session.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { AuthLayout, AuthLink, ErrorAlert, failureMessage } from '../components/auth-layout.tsx';

/**
 * Sign-in page (clean layout). On a customer's custom domain or sub-domain it shows that
 * customer's login logo (looked up by host name, before anyone signs in).
 */
export function Component() {
  // The session signs in and leaves the page (lib/session.ts); a refusal shows here.
  const login = useMutation({ mutationFn: signIn });
  const loginLogo = useLoginLogo(window.location.hostname);
  const form = useZodForm(loginRequestSchema, { email: '', password: '' });
  const submit = form.onSubmit((values) => login.mutate(values));

  return (
    <AuthLayout
      title={TEXTS.productName}
      logo={
        loginLogo ? (
          <Center>
            <img
              src={loginLogo}
              alt="Customer logo"
              data-testid="login-logo"
              style={{ maxHeight: 72, maxWidth: '100%' }}
            />
          </Center>
        ) : undefined
      }
      description="Sign in to manage your streams and ad demand."
      links={
        <>
          <AuthLink to={PATHS.resetPassword}>Forgot your password?</AuthLink>
          <AuthLink to={PATHS.signup}>No account yet? Sign up</AuthLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {login.error && <ErrorAlert title="Sign-in failed">{failureMessage(login.error)}</ErrorAlert>}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
