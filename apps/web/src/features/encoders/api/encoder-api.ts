import { RESOURCES } from '@cuepoint/core';
import { resourceApi } from '../../../lib/resource-api.ts';

/** The encoder calls (/ssai/encoder; answered when the ENCODER flag is 1), keys and query options. */
export const encoderApi = resourceApi(RESOURCES.encoder);
