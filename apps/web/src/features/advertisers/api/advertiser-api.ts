import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The advertiser calls (/ssai/advertiser), keys and query options. */
export const advertiserApi = resourceApi(RESOURCES.advertiser);
