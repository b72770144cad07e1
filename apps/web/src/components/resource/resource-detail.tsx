/**
 * A detail route's record: loads it by the route's id and renders `children(record)` once it is
 * there; until then the page shows a loader, and for an id that is not one, or a record the
 * caller may not see (404), the resource's not-found message with a way back to the list.
 */
import { RESOURCE_TEXTS, type ResourceKind, UUID_PATTERN } from '@cuepoint/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import type { ResourceApi, ResourceDto } from '../../lib/resource-api.ts';
import { ResourceFormPage } from './resource-form.tsx';

interface ResourceDetailProps<K extends ResourceKind> {
  api: ResourceApi<K>;
  id: string;
  /** Where the not-found page's Cancel goes (the list). */
  cancelTo: string;
  /** The detail's tabs, shown while the record loads. */
  tabs?: ReactNode;
  children: (record: ResourceDto<K>) => ReactNode;
}

export function ResourceDetail<K extends ResourceKind>({
  api,
  id,
  cancelTo,
  tabs,
  children,
}: ResourceDetailProps<K>) {
  // Not an id at all: nothing to ask the server for.
  const readable = UUID_PATTERN.test(id);
  const query = useQuery({ ...api.detailOptions(id), enabled: readable });
  if (!readable || query.isError) {
    const notFound = !readable || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <ResourceFormPage
        cancelTo={cancelTo}
        error={notFound ? RESOURCE_TEXTS.notFound(api.spec.label) : query.error?.message}
      >
        {null}
      </ResourceFormPage>
    );
  }
  if (!query.data) {
    return (
      <ResourceFormPage loading tabs={tabs}>
        {null}
      </ResourceFormPage>
    );
  }
  return <>{children(query.data)}</>;
}
