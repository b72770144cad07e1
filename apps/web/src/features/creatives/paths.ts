import { CREATIVES_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/** The creative screens' paths: the list, and the create and record pages (/creatives/new, /creatives/{id}). */
export const CREATIVE_PATHS = resourcePaths(CREATIVES_PATH);
