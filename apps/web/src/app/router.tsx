import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { setNavigator } from '../lib/navigation.ts';
import { BASENAME, PATHS, stripBasename } from '../lib/paths.ts';
import { SESSION_ROUTE_ID } from '../lib/session.ts';
import { entryLoader, publicLoader } from './guard.ts';
import { PENDING_SCREENS } from './screens.ts';

/** The guard runs on every navigation, not only when a route's params change. */
const always = () => true;

/** Every route module is lazy: the first screen loads only what it needs. */
export const routes: RouteObject[] = [
  {
    path: '/',
    lazy: () => import('./root-layout.tsx'),
    children: [
      { index: true, loader: entryLoader },
      { path: PATHS.app, loader: entryLoader },
      {
        id: 'public',
        loader: publicLoader,
        shouldRevalidate: always,
        children: [
          { path: PATHS.login, lazy: () => import('../features/auth/routes/login.tsx') },
          { path: PATHS.signup, lazy: () => import('../features/auth/routes/signup.tsx') },
          { path: PATHS.mpsignup, lazy: () => import('../features/auth/routes/mpsignup.tsx') },
          { path: PATHS.resetPassword, lazy: () => import('../features/auth/routes/reset-password.tsx') },
          { path: PATHS.newPassword, lazy: () => import('../features/auth/routes/new-password.tsx') },
          { path: PATHS.userActivate, lazy: () => import('../features/auth/routes/user-activate.tsx') },
          { path: PATHS.accountReview, lazy: () => import('../features/auth/routes/account-review.tsx') },
        ],
      },
      {
        id: SESSION_ROUTE_ID,
        // The profile and the navigation model load with the first protected page.
        loader: (args: LoaderFunctionArgs) =>
          import('./protected-guard.ts').then((m) => m.protectedLoader(args)),
        shouldRevalidate: always,
        // The default layout (header, sidebar, breadcrumb, footer) loads with the first signed-in page.
        lazy: () => import('./shell/default-layout.tsx'),
        children: [
          { path: PATHS.overview, lazy: () => import('../features/overview/routes/overview.tsx') },
          // The log viewer (Kibana-style routes of spec section 2): one module for all eight.
          {
            path: '/streams-live/kibana',
            handle: { title: 'Live Stream Logs' },
            lazy: () => import('../features/logs/routes/log-viewer.tsx'),
          },
          {
            path: '/streams-live/:detail/kibana',
            handle: { title: 'Live Stream Logs' },
            lazy: () => import('../features/logs/routes/log-viewer.tsx'),
          },
          {
            path: '/streams-vod/kibana',
            handle: { title: 'VOD Logs' },
            lazy: () => import('../features/logs/routes/log-viewer.tsx'),
          },
          {
            path: '/streams-vod/:detail/kibana',
            handle: { title: 'VOD Logs' },
            lazy: () => import('../features/logs/routes/log-viewer.tsx'),
          },
          {
            path: '/streamer-addon/kibana',
            handle: { title: 'Streamer Logs' },
            lazy: () => import('../features/logs/routes/log-viewer.tsx'),
          },
          {
            path: '/streamer-addon/:detail/kibana',
            handle: { title: 'Streamer Logs' },
            lazy: () => import('../features/logs/routes/log-viewer.tsx'),
          },
          {
            path: '/streams-ads/kibana',
            handle: { title: 'Stream Ads Logs' },
            lazy: () => import('../features/logs/routes/log-viewer.tsx'),
          },
          {
            path: '/streams-ads/:detail/kibana',
            handle: { title: 'Stream Ads Logs' },
            lazy: () => import('../features/logs/routes/log-viewer.tsx'),
          },
          // Live streams and their ad configuration (the datasource form).
          {
            path: '/streams-live',
            handle: { title: 'Live Streams' },
            lazy: () => import('../features/streams-live/routes/streams-live.tsx'),
          },
          {
            path: '/streams-live/:detail',
            handle: { title: 'Live Stream' },
            lazy: () => import('../features/streams-live/routes/live-stream-detail.tsx'),
          },
          {
            path: '/streams-ads',
            handle: { title: 'Stream Ads' },
            lazy: () => import('../features/streams-ads/routes/streams-ads.tsx'),
          },
          {
            path: '/streams-ads/:detail',
            handle: { title: 'Stream Ads' },
            lazy: () => import('../features/streams-ads/routes/stream-ads-detail.tsx'),
          },
          {
            path: '/encoder',
            handle: { title: 'Encoder' },
            lazy: () => import('../features/encoders/routes/encoders.tsx'),
          },
          {
            path: '/slates',
            handle: { title: 'Slates' },
            lazy: () => import('../features/slates/routes/slates.tsx'),
          },
          // VOD assets (list, metadata view, detail) and streamer channels.
          {
            path: '/streams-vod',
            handle: { title: 'VOD' },
            lazy: () => import('../features/vod/routes/vod-list.tsx'),
          },
          {
            path: '/streams-vod/metadata',
            handle: { title: 'VOD Metadata' },
            lazy: () => import('../features/vod/routes/vod-metadata.tsx'),
          },
          {
            path: '/streams-vod/:detail',
            handle: { title: 'VOD' },
            lazy: () => import('../features/vod/routes/vod-detail.tsx'),
          },
          {
            path: '/streamer-addon',
            handle: { title: 'Streamer' },
            lazy: () => import('../features/streamer/routes/streamer-list.tsx'),
          },
          {
            path: '/streamer-addon/:detail',
            handle: { title: 'Streamer' },
            lazy: () => import('../features/streamer/routes/streamer-detail.tsx'),
          },
          ...PENDING_SCREENS.map(({ path, title }) => ({
            path,
            handle: { title },
            lazy: () => import('../features/pending/routes/pending-screen.tsx'),
          })),
        ],
      },
      { path: '*', lazy: () => import('../features/errors/routes/not-found.tsx') },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes, { basename: BASENAME });
  setNavigator(
    (to) => void router.navigate(to, { replace: true }),
    () => stripBasename(router.state.location.pathname),
  );
  return router;
}
