import type { ResourceKind } from '@cuepoint/core';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { resourceKeys } from '../../lib/resource-keys.ts';
import { breadcrumbs, type Crumb, type Viewer } from './breadcrumbs.ts';

/** The breadcrumb bar of the default layout (spec section 2): the crumbs of the path, the last one current. */
export function BreadcrumbBar({
  pathname,
  viewer,
  className,
}: {
  pathname: string;
  viewer: Viewer;
  className?: string;
}) {
  return (
    <nav className={className} aria-label="Breadcrumb" data-testid="breadcrumb">
      <Breadcrumbs separatorMargin={6}>
        {breadcrumbs(pathname, viewer).map((crumb, index, all) =>
          index === all.length - 1 || !crumb.to ? (
            <Text
              key={crumb.path}
              size="sm"
              c={index === all.length - 1 ? undefined : 'dimmed'}
              aria-current={index === all.length - 1 ? 'page' : undefined}
            >
              <CrumbLabel crumb={crumb} />
            </Text>
          ) : (
            <Anchor key={crumb.path} component={Link} to={crumb.to} size="sm">
              <CrumbLabel crumb={crumb} />
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

function CrumbLabel({ crumb }: { crumb: Crumb }) {
  return crumb.record ? <RecordName {...crumb.record} fallback={crumb.label} /> : crumb.label;
}

/** A record's name once a page has loaded it, `fallback` until then (or when it has none). */
function RecordName({ kind, id, fallback }: { kind: ResourceKind; id: string; fallback: string }) {
  return useCachedRecordName(kind, id) ?? fallback;
}

/**
 * The name of the record the query cache holds under its detail key: the record the detail
 * page's own query loaded (or a save put there). It only reads the cache, following it as it
 * changes: the breadcrumb never asks the server itself.
 */
export function useCachedRecordName(kind: ResourceKind, id: string): string | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => {
    const record = queryClient.getQueryData<{ name?: unknown }>(resourceKeys(kind).detail(id));
    return typeof record?.name === 'string' && record.name !== '' ? record.name : undefined;
  });
}
