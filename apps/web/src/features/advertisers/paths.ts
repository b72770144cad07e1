import { ADVERTISERS_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/**
 * The advertiser screens' paths (relative to the router's basename): the list, and the create and
 * record pages it opens (/advertisers/new, /advertisers/{id}).
 */
export const ADVERTISER_PATHS = resourcePaths(ADVERTISERS_PATH);
