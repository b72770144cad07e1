import type { ResourceKind } from '@cuepoint/core';

/**
 * A resource's TanStack Query keys (they start with its kind): what resource-api.ts queries
 * under, and what the shell reads the cache by (a detail page's record, for the breadcrumb)
 * without loading the resources' schemas.
 */
export const resourceKeys = <K extends ResourceKind>(kind: K) => ({
  /** Every query of this resource. */
  all: [kind] as const,
  /** Every list query of this resource (what a write invalidates). */
  lists: () => [kind, 'list'] as const,
  list: <P>(params: P) => [kind, 'list', params] as const,
  /** Every detail query of this resource. */
  details: () => [kind, 'detail'] as const,
  detail: (id: string) => [kind, 'detail', id] as const,
});
