// @cuepoint/stitcher: HLS live and VOD ad insertion as a pure library.

export { type AdPlan, type AdSegment, type AdTracking, adDuration, type PlannedAd } from './ads.ts';
export {
  type Attribute,
  AttributeSyntaxError,
  formatAttributes,
  getAttribute,
  parseAttributes,
  setAttribute,
} from './hls/attributes.ts';
export { checkPlaylistUpdate } from './hls/continuity.ts';
export { keysWithOriginalIv, sequenceIv } from './hls/keys.ts';
export {
  PlaylistParseError,
  parseMediaPlaylist,
  parseMultivariantPlaylist,
  parsePlaylist,
} from './hls/parse.ts';
export {
  formatDuration,
  requiredMediaVersion,
  serializeMediaPlaylist,
  serializeMultivariantPlaylist,
  serializePlaylist,
} from './hls/serialize.ts';
export type {
  ByteRange,
  MediaPlaylist,
  MediaSegment,
  MultivariantPlaylist,
  Playlist,
  Rendition,
  Tag,
  Variant,
} from './hls/types.ts';
export { type ValidationIssue, validatePlaylist } from './hls/validate.ts';
export {
  addInterstitials,
  buildAssetList,
  INTERSTITIAL_CLASS,
  type Interstitial,
  type InterstitialOptions,
  interstitialsForAvails,
} from './interstitials/interstitials.ts';
export {
  type Anchor,
  type AvailState,
  parseViewerState,
  serializeViewerState,
  type ViewerState,
  viewerStateSize,
} from './live/state.ts';
export {
  type AvailInfo,
  type AvailReport,
  type LiveOptions,
  type LiveStitchInput,
  type LiveStitchResult,
  type StitchIssue,
  type SuppressionMode,
  stitchLive,
} from './live/stitch.ts';
export {
  type AvailDetection,
  type CueSignal,
  type DetectedAvail,
  type DetectOptions,
  detectAvails,
  isAvailEndMarker,
  type MarkerIssue,
  type MarkerSource,
  type UpcomingAvail,
} from './markers/detect.ts';
export {
  AVAIL_END_TYPES,
  AVAIL_START_TYPES,
  crc32Mpeg2,
  decodeScte35,
  type Scte35Result,
  type Scte35Signal,
  SEGMENTATION_TYPE,
  type SegmentationDescriptor,
  SPLICE_COMMAND,
  type SpliceCommand,
  type SpliceDescriptor,
  type SpliceInfoSection,
  type SpliceInsert,
  scte35Bytes,
  scte35Signal,
  type TimeSignal,
} from './scte35/decode.ts';
export { adSegmentBeacons, type BeaconEvent, type DueBeacon, type TrackedSegment } from './tracking/plan.ts';
export {
  VAST_ERROR,
  type VastDeviation,
  type VastErrorCode,
  type VastIssue,
  type VastWarning,
} from './vast/errors.ts';
export { cacheBuster, errorBeacons, expandMacros, type MacroValues, vastTimestamp } from './vast/macros.ts';
export {
  parseVast,
  type VastAd,
  type VastCreative,
  type VastDocument,
  type VastLinear,
  type VastMediaFile,
  type VastParseOptions,
  type VastParseResult,
  type VastTrackingEvent,
  type VastUniversalAdId,
  type VastWrapperInfo,
} from './vast/parse.ts';
export {
  type ResolvedAd,
  type ResolveOptions,
  resolveVast,
  type VastFetch,
  type VastResolution,
} from './vast/resolve.ts';
export { type Offset, parseClock, parseOffset, parseSeconds } from './vast/time.ts';
export { adsFromResolvedVast, trackingFromResolvedAd } from './vast/to-plan.ts';
export {
  parseVmap,
  type VmapAdSource,
  type VmapBreak,
  type VmapCuePoint,
  type VmapDocument,
  type VmapParseResult,
  type VmapTimeOffset,
  vmapCuePoints,
} from './vast/vmap.ts';
export {
  insertVodAds,
  type PlacedBreak,
  type VodBreak,
  type VodBreakTime,
  type VodBreakTimesOptions,
  type VodInsertOptions,
  type VodInsertResult,
  type VodSnap,
  vodBreakTimes,
} from './vod/insert.ts';
