import { RUNTIME_CONFIG_DEFAULTS } from '@cuepoint/core';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { KIT_TEXTS } from '../resource/texts.ts';
import { TranscodingNotice } from '../transcoding-notice.tsx';

vi.mock('../../lib/runtime-config.ts', () => ({ runtimeConfig: vi.fn() }));

const show = () =>
  render(
    <MantineProvider env="test">
      <TranscodingNotice />
    </MantineProvider>,
  );

afterEach(() => {
  vi.mocked(runtimeConfig).mockReset();
});

describe('TranscodingNotice', () => {
  it('says MP4 ads are skipped when the server cannot transcode', () => {
    vi.mocked(runtimeConfig).mockReturnValue({ ...RUNTIME_CONFIG_DEFAULTS, TRANSCODING: 0 });
    show();
    expect(screen.getByRole('status')).toHaveTextContent(
      `${KIT_TEXTS.transcodingOffTitle}. ${KIT_TEXTS.transcodingOff}`,
    );
  });

  it('says nothing when it can', () => {
    vi.mocked(runtimeConfig).mockReturnValue({ ...RUNTIME_CONFIG_DEFAULTS, TRANSCODING: 1 });
    show();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
