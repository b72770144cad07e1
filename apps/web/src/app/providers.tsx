import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cookieColorSchemeManager, readPreferences } from '../lib/preferences.ts';
import { queryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import { Toasts } from './toasts.tsx';

const colorSchemeManager = cookieColorSchemeManager();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={readPreferences().direction} detectDirection={false}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        colorSchemeManager={colorSchemeManager}
      >
        <Toasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
