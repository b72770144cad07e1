import { RUNTIME_CONFIG_DEFAULTS, RUNTIME_CONFIG_GLOBAL } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from '../runtime-config.ts';

describe('readRuntimeConfig', () => {
  it('accepts the document the server writes', () => {
    const config = { ...RUNTIME_CONFIG_DEFAULTS, MONITOR: 0 };
    expect(readRuntimeConfig(config)).toEqual(config);
  });

  it('refuses a missing document with a message that says where it should come from', () => {
    // The test setup writes the document every test reads: taken away for this one.
    const global = globalThis as Record<string, unknown>;
    const written = global[RUNTIME_CONFIG_GLOBAL];
    delete global[RUNTIME_CONFIG_GLOBAL];
    try {
      expect(() => readRuntimeConfig()).toThrow(/\/app\/runtime-config\.js/);
      expect(() => readRuntimeConfig(null)).toThrow(/\/app\/runtime-config\.js/);
    } finally {
      global[RUNTIME_CONFIG_GLOBAL] = written;
    }
  });

  it('names the fields that are wrong', () => {
    expect(() => readRuntimeConfig({ ...RUNTIME_CONFIG_DEFAULTS, MONITOR: 2, UI_TIMEOUT: 'soon' })).toThrow(
      /MONITOR, UI_TIMEOUT/,
    );
  });
});
