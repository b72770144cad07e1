import { LIVE_STREAMS_PATH, somethingWentWrong, TEXTS } from '@cuepoint/core';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BASENAME, LOGIN_REFRESH } from '../../../lib/paths.ts';
import { resolveStoredSession, sessionState } from '../../../lib/session.ts';
import { hasSession } from '../../../lib/storage.ts';

export interface ErrorPageProps {
  status: number;
  message: string;
}

/** Where 'Home page' leads: /streams-live with a user in session state and local storage. */
export const HOME_WITH_USER = LIVE_STREAMS_PATH;
export const HOME_WITHOUT_USER = `${BASENAME}${LOGIN_REFRESH}`;

/** Spec section 2: a user stored in both the session state (in memory) and local storage. */
export const userIsStored = () => sessionState() === 'active' && hasSession();

/**
 * `userIsStored`, after resolving a stored session this page life has not resolved yet (an error
 * page reached by a fresh load: the not-found route's loader resolves it before the first render;
 * any other error page does it here).
 */
export function useUserIsStored(): boolean {
  const [stored, setStored] = useState(userIsStored);
  useEffect(() => {
    if (stored) return;
    let cancelled = false;
    void resolveStoredSession().then((resolved) => {
      if (!cancelled && resolved) setStored(true);
    });
    return () => {
      cancelled = true;
    };
  }, [stored]);
  return stored;
}

/**
 * The error page of spec section 2 (clean layout): its title, the message and a 'Home page'
 * link, to /streams-live for a signed-in user, otherwise to /login?refresh=true with a page reload.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const title = status === 404 ? TEXTS.pageNotFoundTitle : somethingWentWrong(status);
  const stored = useUserIsStored();
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{message}</Text>
        {stored ? (
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
