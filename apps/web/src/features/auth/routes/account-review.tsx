import { AUTH_TEXTS } from '@cuepoint/core';
import { Text } from '@mantine/core';
import { PATHS } from '../../../lib/paths.ts';
import { storedFirstName } from '../../../lib/storage.ts';
import { AuthLayout, AuthLink } from '../components/auth-layout.tsx';

/** /account-review: an activated customer waits for approval; greets the stored first name. */
export function Component() {
  const firstName = storedFirstName();
  return (
    <AuthLayout
      title={firstName ? `Hello ${firstName}` : 'Hello'}
      links={<AuthLink to={PATHS.login}>Back to sign in</AuthLink>}
    >
      <Text>{AUTH_TEXTS.inReview}</Text>
      <Text c="dimmed" size="sm">
        We will email you as soon as your account is approved. You can then sign in.
      </Text>
    </AuthLayout>
  );
}
