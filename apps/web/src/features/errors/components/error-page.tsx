import { somethingWentWrong, TEXTS } from '@cuepoint/core';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { sessionState } from '../../../lib/session.ts';
import { hasSession } from '../../../lib/storage.ts';

export interface ErrorPageProps {
  status: number;
  message: string;
}

/** Where 'Home page' leads: /streams-live with a user in session state and local storage. */
export const HOME_WITH_USER = '/streams-live';
export const HOME_WITHOUT_USER = '/app/login?refresh=true';

/** Spec section 2: a user stored in both the session state (in memory) and local storage. */
export const userIsStored = () => sessionState() === 'active' && hasSession();

/**
 * The error page of spec section 2 (clean layout): its title, the message and a 'Home page'
 * link, to /streams-live for a signed-in user, otherwise to /login?refresh=true with a page reload.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const title = status === 404 ? TEXTS.pageNotFoundTitle : somethingWentWrong(status);
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{message}</Text>
        {userIsStored() ? (
          <Anchor component={Link} to={HOME_WITH_USER} fw={600}>
            {TEXTS.homePage}
          </Anchor>
        ) : (
          <Anchor href={HOME_WITHOUT_USER} fw={600}>
            {TEXTS.homePage}
          </Anchor>
        )}
      </Stack>
    </Center>
  );
}
