import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { ALARMS_TEXTS as T } from '../texts.ts';

/** A query's loading line (a status) or its failure (an alert with the message and Try again). */
export function LoadState({
  loading,
  error,
  loadingText,
  failedText,
  onRetry,
}: {
  loading: boolean;
  error: Error | null;
  loadingText: string;
  failedText: string;
  onRetry: () => void;
}) {
  if (loading)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{loadingText}</Text>
      </Group>
    );
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={failedText}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button color="red.9" onClick={onRetry}>
          {T.tryAgain}
        </Button>
      </Stack>
    </Alert>
  );
}
