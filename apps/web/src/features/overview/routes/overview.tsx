import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { logout, SESSION_ROUTE_ID, type SessionLoaderData } from '../../../lib/session.ts';

/** A minimal overview until the shell arrives: who is signed in, and the way out. */
export function Component() {
  const { user } = useRouteLoaderData(SESSION_ROUTE_ID) as SessionLoaderData;
  const [leaving, setLeaving] = useState(false);
  return (
    <Container component="main" size="md" py="xl">
      <Stack>
        <Group justify="space-between" align="center">
          <Title order={1}>Overview</Title>
          <Button
            variant="default"
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              void logout();
            }}
          >
            Logout
          </Button>
        </Group>
        <Text>Signed in as {user.email}</Text>
      </Stack>
    </Container>
  );
}
