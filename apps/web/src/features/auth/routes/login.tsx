import { loginRequestSchema, TEXTS } from '@cuepoint/core';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { useLogin } from '../api/login.ts';

/** Sign-in page (clean layout). */
export function Component() {
  const login = useLogin();
  const [signedInAs, setSignedInAs] = useState<string>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validateInputOnBlur: true,
    validate: zodValidate(loginRequestSchema),
  });

  const submit = form.onSubmit(async (values) => {
    const result = await login.mutateAsync(values).catch(() => undefined);
    if (result) setSignedInAs(result.user.email);
  });

  const failure =
    login.error instanceof ApiError
      ? login.error.message
      : login.error
        ? 'Could not reach the server'
        : undefined;

  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Stack gap={4}>
              <Title order={1} size="h2">
                {TEXTS.productName}
              </Title>
              <Text c="dimmed" size="sm">
                Sign in to manage your streams and ad demand.
              </Text>
            </Stack>
            {failure && (
              <Alert color="red" role="alert" title="Sign-in failed">
                {failure}
              </Alert>
            )}
            {signedInAs && (
              <Alert color="teal" role="status" title="Signed in">
                Signed in as {signedInAs}.
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={login.isPending} fullWidth>
              Sign in
            </Button>
            <Anchor href="/app/reset-password" size="sm" ta="center">
              Forgot your password?
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
