import { SLATES_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/**
 * The slate screens' paths (relative to the router's basename): the list, and the create and
 * record pages every list opens (/slates/new, /slates/{id}).
 */
export const SLATE_PATHS = resourcePaths(SLATES_PATH);
