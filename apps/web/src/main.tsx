import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { keepSplash } from './app/splash.tsx';
import { applyDirection, readPreferences } from './lib/preferences.ts';
import { runtimeConfig } from './lib/runtime-config.ts';
import { installSessionPolicy } from './lib/session.ts';

// The stored direction applies before the first paint, not after React mounts.
applyDirection(readPreferences().direction);
// A call the server refuses as spec section 8 says ends the session, from the first request on.
installSessionPolicy();
const container = document.getElementById('root')!;
// index.html's splash stays until the first page is ready (the router's HydrateFallback).
keepSplash(container);
const root = createRoot(container);
try {
  runtimeConfig();
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createRouter()} />
      </AppProviders>
    </StrictMode>,
  );
} catch (error) {
  // Without its configuration the console cannot talk to the API: say so plainly.
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = error instanceof Error ? error.message : String(error);
  document.getElementById('root')!.replaceChildren(message);
}
