/**
 * The data plane's wing (issue 37): playback (live and VOD stitching, sessions, beacons), the
 * built-in ad server, the event pipeline, creative conditioning, playout and the demo origin.
 * This file is its whole surface towards the rest of the server: app.ts mounts the plugins below
 * and the console's routes use the few helpers after them. Nothing outside src/edge/ imports
 * anything else of it (.dependency-cruiser.cjs, server-api-imports-edge-only-through-its-surface);
 * tests may reach further.
 */

// The plugins app.ts registers (edge and all roles; see app.ts for which role runs which).
export { countryLookup } from './ads/geo.ts';
export { adsPlugin } from './ads/routes.ts';
// What the console's routes share with the edge: the conditioning job's key and ladder
// (routes/creatives), and a playout channel's programme (routes/playout).
export { type Conditioner, conditioningKey, ladderOf } from './conditioning/conditioner.ts';
export { conditioningPlugin, ffmpegOf } from './conditioning/plugin.ts';
export { demoPlugin } from './demo/index.ts';
export { eventsPlugin } from './events/plugin.ts';
export type { RetentionSweeps } from './events/retention.ts';
export { playbackRoutes } from './playback/routes.ts';
export { channelProgramme, streamerData, type VodMedia, vodMediaOf } from './playout/channel.ts';
export { playoutOrigin } from './playout/origin.ts';
export { type ProgrammeSlot, programmeAt } from './playout/schedule.ts';
