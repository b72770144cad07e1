import { PATHS } from '../../../lib/paths.ts';
import { useSignup } from '../api/signup.ts';
import { AuthLayout, AuthLink } from '../components/auth-layout.tsx';
import { SignupForm } from '../components/signup-form.tsx';

/** Sign-up: a new customer account and its first user, inactive until the emailed link is opened. */
export function Component() {
  const signup = useSignup();
  return (
    <AuthLayout
      title="Create your account"
      description="Set up your organization on Cuepoint. We will email you a link to activate it."
      width={560}
      links={<AuthLink to={PATHS.login}>Already have an account? Sign in</AuthLink>}
    >
      <SignupForm onSubmit={signup.mutateAsync} pending={signup.isPending} />
    </AuthLayout>
  );
}
