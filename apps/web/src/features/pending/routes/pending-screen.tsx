import { Container, Stack, Text, Title } from '@mantine/core';
import { useMatches } from 'react-router';

/** The shared frame of a signed-in screen that a later issue builds: its title and one line. */
export function Component() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? '';
  return (
    <Container component="main" size="lg" py="xl">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">This screen is not built yet.</Text>
      </Stack>
    </Container>
  );
}
