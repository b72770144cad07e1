import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { startLoginAs } from '../../../lib/login-as.ts';
import { useUserSearch } from '../api/search-users.ts';
import classes from './login-as-dialog.module.css';

/** A main administrator picks a user from a searchable list and acts as that user. */
export default function LoginAsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  // Once a user is picked, the search stops: startLoginAs drops the cached answers, and a search
  // asked again before the page reloads would go out as the picked user (Login-As), refused.
  const [starting, setStarting] = useState(false);
  const search = useUserSearch(debounced, opened && !starting);
  const users = search.data ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title="Login as a user" size="lg">
      <Stack>
        <TextInput
          label="Search users"
          description="By email, name or customer"
          placeholder="e.g. demo@ or Demo Broadcasting"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-autofocus
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
        />
        {search.isError ? (
          <Alert color="red" title="The users could not be loaded">
            {search.error.message}
          </Alert>
        ) : users.length === 0 && !search.isPending ? (
          <Text c="dimmed" size="sm">
            No user matches “{debounced}”.
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Users">
            {users.map((user) => (
              <li key={user._id}>
                <UnstyledButton
                  className={classes.option}
                  onClick={() => {
                    setStarting(true);
                    startLoginAs(user);
                  }}
                  aria-label={`Login as ${user.email}`}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {user.email}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {[user.firstName, user.lastName].filter(Boolean).join(' ')} · {user.customerName}
                        {user.isMainAdmin ? ' · main administrator' : ''}
                      </Text>
                    </Stack>
                    <Text
                      size="xs"
                      c="light-dark(var(--mantine-color-pink-8), var(--mantine-color-pink-3))"
                      fw={600}
                    >
                      Login as
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
