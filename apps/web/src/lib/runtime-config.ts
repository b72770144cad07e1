import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig, runtimeConfigSchema } from '@cuepoint/core';

/**
 * The runtime configuration the server wrote into `/app/runtime-config.js` (loaded by index.html
 * before this bundle). Read once; a missing or malformed document is a deployment error.
 */
export function readRuntimeConfig(
  source: unknown = (globalThis as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL],
) {
  const parsed = runtimeConfigSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(
      `The console's runtime configuration is missing or invalid (${parsed.error.issues
        .map((i) => i.path.join('.') || 'document')
        .join(', ')}). Is /app/runtime-config.js served by the Cuepoint server?`,
    );
  }
  return parsed.data;
}

let current: RuntimeConfig | undefined;
export const runtimeConfig = (): RuntimeConfig => {
  current ??= readRuntimeConfig();
  return current;
};
