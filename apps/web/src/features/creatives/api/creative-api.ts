import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The creative calls (/ssai/creative), keys and query options. */
export const creativeApi = resourceApi<'creative'>(RESOURCES.creative);
