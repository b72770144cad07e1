import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The campaign calls (/ssai/campaign), keys and query options. */
export const campaignApi = resourceApi<'campaign'>(RESOURCES.campaign);
