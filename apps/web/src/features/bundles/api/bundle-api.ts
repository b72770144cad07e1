import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The bundle calls (/ssai/bundle), keys and query options. */
export const bundleApi = resourceApi(RESOURCES.bundle);
