import type { ResourceKind } from '@cuepoint/core';
import { z } from 'zod';

/** The console section of a Kibana-style route (its first path segment) and the kind it logs. */
export const LOG_SECTIONS = {
  'streams-live': 'liveStream',
  'streams-ads': 'liveStream',
  'streams-vod': 'vod',
  'streamer-addon': 'streamer',
} as const satisfies Record<string, ResourceKind>;
export type LogSection = keyof typeof LOG_SECTIONS;

export interface LogRoute {
  section: LogSection;
  kind: ResourceKind;
  /** The resource of a /{section}/{detail}/kibana route. */
  detail?: string | undefined;
  /** A detail that is not a resource id (such as 'new'): there is nothing to show. */
  invalidDetail: boolean;
  /** Where the back link goes: the resource, or the section's list. */
  backTo: string;
}

const uuid = z.uuid();

/** The log route of a pathname (its first segment is the section) and the route's `detail` param. */
export function logRouteOf(pathname: string, detail?: string): LogRoute | null {
  const first = pathname.split('/').find(Boolean) ?? '';
  if (!(first in LOG_SECTIONS)) return null;
  const section = first as LogSection;
  return {
    section,
    kind: LOG_SECTIONS[section],
    detail,
    invalidDetail: detail !== undefined && !uuid.safeParse(detail).success,
    backTo: detail === undefined ? `/${section}` : `/${section}/${encodeURIComponent(detail)}`,
  };
}

/** The detail screen of a resource within a section. */
export const resourcePath = (section: LogSection, resourceId: string) =>
  `/${section}/${encodeURIComponent(resourceId)}`;
