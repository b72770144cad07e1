import { entryPath } from '@cuepoint/core';
import { resourcePaths } from '../../lib/resource-paths.ts';

/** The Customers screens (relative to the router's basename): /customer and /customer/{id}. */
export const CUSTOMER_PATHS = resourcePaths(entryPath('customers'));
