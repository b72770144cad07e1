import { RUNTIME_CONFIG_DEFAULTS } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from '../runtime-config.ts';

describe('readRuntimeConfig', () => {
  it('accepts the document the server writes', () => {
    const config = { ...RUNTIME_CONFIG_DEFAULTS, MONITOR: 0 };
    expect(readRuntimeConfig(config)).toEqual(config);
  });

  it('refuses a missing document with a message that says where it should come from', () => {
    expect(() => readRuntimeConfig(undefined)).toThrow(/\/app\/runtime-config\.js/);
  });

  it('names the fields that are wrong', () => {
    expect(() => readRuntimeConfig({ ...RUNTIME_CONFIG_DEFAULTS, MONITOR: 2, UI_TIMEOUT: 'soon' })).toThrow(
      /MONITOR, UI_TIMEOUT/,
    );
  });
});
