import { Stack, Text, Title } from '@mantine/core';
import { useMatches } from 'react-router';
import { PENDING_SCREEN_TEXT } from '../texts.ts';

/** The shared frame of a signed-in screen that a later issue builds: its title and one line. */
export function Component() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? '';
  return (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{PENDING_SCREEN_TEXT}</Text>
    </Stack>
  );
}
