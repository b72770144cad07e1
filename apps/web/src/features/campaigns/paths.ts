import { CAMPAIGN_MANAGER_PATH, CAMPAIGNS_PATH, DELETED_CAMPAIGNS_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/**
 * The campaign screens' paths: the list and its create and record pages (/campaigns/new,
 * /campaigns/{id}), the campaign manager (/cm, spec: "/cm requires login") and the trash of
 * deleted campaigns (/campaign-manager/index.deleted).
 */
export const CAMPAIGN_PATHS = {
  ...resourcePaths(CAMPAIGNS_PATH),
  manager: CAMPAIGN_MANAGER_PATH,
  deleted: DELETED_CAMPAIGNS_PATH,
} as const;
