/**
 * What a screen shows while its query loads, when it failed, and when its answer is empty, in one
 * place: a loading line (a status), an alert with the server's message and Try again (the error
 * stays until a retry succeeds; a refetch failing behind shown data keeps the data), an empty
 * state with the concept's icon; otherwise the children with the data.
 */

import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Concept, ConceptIcon } from './icons.tsx';

export const QUERY_STATE_TEXTS = { tryAgain: 'Try again' } as const;

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  loading: string;
  /** The alert's title when the query failed (the server's message follows). */
  failed: string;
  /** What an empty answer is, and what to say then (with the concept's icon). */
  empty?: { when: (data: T) => boolean; text: string; concept?: Concept; testId?: string };
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, loading, failed, empty, children }: QueryStateProps<T>) {
  if (query.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{loading}</Text>
      </Group>
    );
  if (query.isError && query.data === undefined)
    return (
      <Alert color="red" title={failed} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" color="red.9" onClick={() => void query.refetch()}>
            {QUERY_STATE_TEXTS.tryAgain}
          </Button>
        </Stack>
      </Alert>
    );
  const data = query.data as T;
  if (empty?.when(data))
    return (
      <Stack align="center" gap="sm" py="xl" data-testid={empty.testId}>
        {empty.concept && (
          <Text component="span" c="dimmed" lh={0}>
            <ConceptIcon concept={empty.concept} size={32} />
          </Text>
        )}
        <Text fw={600} ta="center">
          {empty.text}
        </Text>
      </Stack>
    );
  return <>{children(data)}</>;
}
