import { loginRequestSchema, TEXTS } from '@cuepoint/core';
import { Button, Center, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ApiError, applyAuthFailure } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentUserKey } from '../../../lib/session.ts';
import { storeLogin, takeRememberedTarget } from '../../../lib/storage.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { useLoginLogo } from '../../logo/api/get-login-logo.ts';
import { useLogin } from '../api/login.ts';
import { AuthLayout, AuthLink, ErrorAlert, failureMessage } from '../components/auth-layout.tsx';

/**
 * Sign-in page (clean layout). On a customer's custom domain or sub-domain it shows that
 * customer's login logo (looked up by host name, before anyone signs in).
 */
export function Component() {
  const login = useLogin();
  const loginLogo = useLoginLogo(window.location.hostname);
  const navigate = useNavigate();
  const form = useZodForm(loginRequestSchema, { email: '', password: '' });

  const submit = form.onSubmit(async (values) => {
    try {
      const { token, user } = await login.mutateAsync(values);
      storeLogin(token, user, 'reg');
      queryClient.setQueryData(currentUserKey(user._id), user);
      navigate(takeRememberedTarget() ?? PATHS.overview, { replace: true });
    } catch (error) {
      // An inactive or unreviewed account goes where spec section 8 says.
      if (error instanceof ApiError && error.status === 403 && typeof error.body?.isActive === 'boolean') {
        navigate(applyAuthFailure(error.body), { replace: true });
      }
    }
  });

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
