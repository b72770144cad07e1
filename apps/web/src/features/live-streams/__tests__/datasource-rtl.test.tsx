/**
 * Right to left (issue "The console as users meet it", point 10): a stream's URLs, its token, its
 * IP lists and its advanced configuration (code) stay left to right in a right-to-left console;
 * its name and other text follow the page.
 */
import {
  LIVE_STREAM_LABELS as L,
  LIVE_STREAM_DEFAULTS,
  type LiveStream,
  liveStreamSchema,
} from '@cuepoint/core';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useZodForm } from '../../../lib/zod-form.ts';
import { DatasourceFields } from '../components/datasource-fields.tsx';
import { toDatasourceValues } from '../components/datasource-values.ts';

// A large form in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const STREAM: LiveStream = {
  ...LIVE_STREAM_DEFAULTS,
  name: 'Channel One',
  sourceStreamUrl: 'https://origin.example.com/live/one/',
  adDecision: 'external',
  vastUrl: 'https://ads.example.com/vast.xml',
};

function Harness() {
  const form = useZodForm(liveStreamSchema, toDatasourceValues(STREAM));
  return <DatasourceFields form={form} slates={[]} />;
}

/** The direction a field's text reads in: the `dir` nearest to it (Mantine sets it on the field). */
const directionOf = (label: string) => {
  const input = screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input, textarea' });
  return input.closest('[dir]')?.getAttribute('dir');
};

describe('the datasource form in right to left', () => {
  it('keeps URLs, the token, the IP lists and the configuration left to right', () => {
    document.documentElement.setAttribute('dir', 'rtl');
    try {
      render(
        <DirectionProvider initialDirection="rtl" detectDirection={false}>
          <MantineProvider env="test">
            <MemoryRouter>
              <Harness />
            </MemoryRouter>
          </MantineProvider>
        </DirectionProvider>,
      );
      for (const label of [
        L.sourceStreamUrl,
        L.epgUrl,
        L.timezone,
        L.vastUrl,
        L.adReportUrl,
        L.akamaiToken,
        L.trustedIpsList,
        L.blockedIpsList,
        L.advancedConfig,
      ])
        expect(directionOf(label), label).toBe('ltr');
      expect(directionOf(L.name)).toBe('rtl');
    } finally {
      document.documentElement.setAttribute('dir', 'ltr');
    }
  });
});
