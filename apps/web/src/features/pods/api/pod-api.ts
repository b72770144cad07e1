import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The pod template calls (/ssai/pod; answered when the SHOWPODS flag is not 0), keys and query options. */
export const podApi = resourceApi(RESOURCES.pod);
