import { somethingWentWrong, TEXTS } from '@cuepoint/core';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';

export interface ErrorPageProps {
  status: number;
  message: string;
}

/**
 * The error page of spec section 2 (clean layout): its title, the message and a 'Home page'
 * link. Without a signed-in user the link goes to /login?refresh=true with a full page load.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const title = status === 404 ? TEXTS.pageNotFoundTitle : somethingWentWrong(status);
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{message}</Text>
        <Anchor href="/app/login?refresh=true" fw={600}>
          {TEXTS.homePage}
        </Anchor>
      </Stack>
    </Center>
  );
}
