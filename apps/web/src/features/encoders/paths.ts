import { ENCODER_PATH } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/**
 * The encoder screens' paths (relative to the router's basename): the list, and the create and
 * record pages every list opens (/encoder/new, /encoder/{id}).
 */
export const ENCODER_PATHS = resourcePaths(ENCODER_PATH);
