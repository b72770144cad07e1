/**
 * The signed-in screens, children of the session route (app/router.tsx). They are discovered on
 * the first navigation to a signed-in path (the router's patchRoutesOnNavigation), so the sign-in
 * page does not carry their route table and its preload map.
 */
import type { RouteObject } from 'react-router';
import { PATHS } from '../lib/paths.ts';
import { PENDING_SCREENS, SCREENS } from './screens.ts';

/** A screen's route handle: its title from the one table of screens. */
const handleOf = (path: string) => ({ title: SCREENS.find((screen) => screen.path === path)?.title });

export const sessionRoutes: RouteObject[] = [
  { path: PATHS.overview, lazy: () => import('../features/overview/routes/overview.tsx') },
  // The log viewer (Kibana-style routes of spec section 2): one module for all eight.
  {
    path: '/streams-live/kibana',
    handle: handleOf('/streams-live/kibana'),
    lazy: () => import('../features/logs/routes/log-viewer.tsx'),
  },
  {
    path: '/streams-live/:detail/kibana',
    handle: handleOf('/streams-live/:detail/kibana'),
    lazy: () => import('../features/logs/routes/log-viewer.tsx'),
  },
  {
    path: '/streams-vod/kibana',
    handle: handleOf('/streams-vod/kibana'),
    lazy: () => import('../features/logs/routes/log-viewer.tsx'),
  },
  {
    path: '/streams-vod/:detail/kibana',
    handle: handleOf('/streams-vod/:detail/kibana'),
    lazy: () => import('../features/logs/routes/log-viewer.tsx'),
  },
  {
    path: '/streamer-addon/kibana',
    handle: handleOf('/streamer-addon/kibana'),
    lazy: () => import('../features/logs/routes/log-viewer.tsx'),
  },
  {
    path: '/streamer-addon/:detail/kibana',
    handle: handleOf('/streamer-addon/:detail/kibana'),
    lazy: () => import('../features/logs/routes/log-viewer.tsx'),
  },
  {
    path: '/streams-ads/kibana',
    handle: handleOf('/streams-ads/kibana'),
    lazy: () => import('../features/logs/routes/log-viewer.tsx'),
  },
  {
    path: '/streams-ads/:detail/kibana',
    handle: handleOf('/streams-ads/:detail/kibana'),
    lazy: () => import('../features/logs/routes/log-viewer.tsx'),
  },
  // Live streams and their ad configuration (the datasource form).
  {
    path: '/streams-live',
    handle: handleOf('/streams-live'),
    lazy: () => import('../features/streams-live/routes/streams-live.tsx'),
  },
  {
    path: '/streams-live/:detail',
    handle: handleOf('/streams-live/:detail'),
    lazy: () => import('../features/streams-live/routes/live-stream-detail.tsx'),
  },
  {
    path: '/streams-ads',
    handle: handleOf('/streams-ads'),
    lazy: () => import('../features/streams-ads/routes/streams-ads.tsx'),
  },
  {
    path: '/streams-ads/:detail',
    handle: handleOf('/streams-ads/:detail'),
    lazy: () => import('../features/streams-ads/routes/stream-ads-detail.tsx'),
  },
  {
    path: '/encoder',
    handle: handleOf('/encoder'),
    lazy: () => import('../features/encoders/routes/encoders.tsx'),
  },
  {
    path: '/slates',
    handle: handleOf('/slates'),
    lazy: () => import('../features/slates/routes/slates.tsx'),
  },
  // VOD assets (list, metadata view, detail) and streamer channels.
  {
    path: '/streams-vod',
    handle: handleOf('/streams-vod'),
    lazy: () => import('../features/vod/routes/vod-list.tsx'),
  },
  {
    path: '/streams-vod/metadata',
    handle: handleOf('/streams-vod/metadata'),
    lazy: () => import('../features/vod/routes/vod-metadata.tsx'),
  },
  {
    path: '/streams-vod/:detail',
    handle: handleOf('/streams-vod/:detail'),
    lazy: () => import('../features/vod/routes/vod-detail.tsx'),
  },
  {
    path: '/streamer-addon',
    handle: handleOf('/streamer-addon'),
    lazy: () => import('../features/streamer/routes/streamer-list.tsx'),
  },
  {
    path: '/streamer-addon/:detail',
    handle: handleOf('/streamer-addon/:detail'),
    lazy: () => import('../features/streamer/routes/streamer-detail.tsx'),
  },
  ...PENDING_SCREENS.map(({ path, title }) => ({
    path,
    handle: { title },
    lazy: () => import('../features/pending/routes/pending-screen.tsx'),
  })),
];
