import { useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useMarketplaceSignup } from '../api/mpsignup.ts';
import { AuthLayout, AuthLink, ErrorAlert } from '../components/auth-layout.tsx';
import { SignupForm } from '../components/signup-form.tsx';

export const MPSIGNUP_TEXTS = {
  missingToken:
    'This sign-up link is incomplete: it does not carry the marketplace token. Please open the link from your marketplace subscription again.',
} as const;

/** Marketplace sign-up: the same form, carrying the marketplace token of the link (?token=). */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const signup = useMarketplaceSignup();
  return (
    <AuthLayout
      title="Create your account"
      description="Finish your marketplace subscription by setting up your organization on Cuepoint."
      width={560}
      links={<AuthLink to={PATHS.login}>Already have an account? Sign in</AuthLink>}
    >
      {token ? (
        <SignupForm marketplaceToken={token} onSubmit={signup.mutateAsync} pending={signup.isPending} />
      ) : (
        <ErrorAlert title="Incomplete link">{MPSIGNUP_TEXTS.missingToken}</ErrorAlert>
      )}
    </AuthLayout>
  );
}
