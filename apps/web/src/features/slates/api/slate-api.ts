import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The slate calls (/ssai/slate), keys and query options. */
export const slateApi = resourceApi(RESOURCES.slate);
