import type { Attribute } from './attributes.ts';

/** A tag line kept verbatim: `#NAME` or `#NAME:value`. Comments are tags whose name lacks `EXT`. */
export interface Tag {
  name: string;
  value?: string;
}

export interface ByteRange {
  length: number;
  /** Always resolved to an explicit offset by the parser. */
  offset: number;
}

export interface MediaSegment {
  uri: string;
  /** EXTINF duration in seconds. */
  duration: number;
  /** EXTINF title (often empty). */
  title: string;
  /** `EXT-X-DISCONTINUITY` precedes this segment. */
  discontinuity: boolean;
  byteRange?: ByteRange;
  /** Attribute list of the `EXT-X-MAP` in effect for this segment (fMP4/CMAF init section). */
  map?: string;
  /** Attribute lists of the `EXT-X-KEY` tags in effect for this segment; empty when clear. */
  keys: string[];
  /**
   * Program date-time in ms since the epoch: explicit (`EXT-X-PROGRAM-DATE-TIME`) or extrapolated
   * from the previous one. Derived on parse; the serializer writes only the tags in `tags`.
   */
  programDateTime?: number;
  /** Every other tag attached to this segment, in input order (PDT, DATERANGE, cue markers...). */
  tags: Tag[];
}

export interface MediaPlaylist {
  type: 'media';
  version?: number;
  targetDuration: number;
  mediaSequence: number;
  discontinuitySequence: number;
  /** True when `EXT-X-DISCONTINUITY-SEQUENCE` was present (it is then always written back). */
  hasDiscontinuitySequence: boolean;
  playlistType?: 'VOD' | 'EVENT';
  endList: boolean;
  iFramesOnly: boolean;
  independentSegments: boolean;
  /** Playlist-level tags other than the ones above (EXT-X-START, EXT-X-SERVER-CONTROL...). */
  headerTags: Tag[];
  segments: MediaSegment[];
  /** Tags after the last segment (a final EXT-X-CUE-IN, EXT-X-PRELOAD-HINT...). */
  trailingTags: Tag[];
}

export interface Rendition {
  /** EXT-X-MEDIA attributes (TYPE, GROUP-ID, NAME, LANGUAGE, URI...). */
  attributes: Attribute[];
}

export interface Variant {
  /** EXT-X-STREAM-INF attributes (BANDWIDTH, CODECS, RESOLUTION, AUDIO...). */
  attributes: Attribute[];
  uri: string;
}

export interface MultivariantPlaylist {
  type: 'multivariant';
  version?: number;
  independentSegments: boolean;
  /** Session-level tags (EXT-X-SESSION-DATA, EXT-X-START, EXT-X-DEFINE, comments...). */
  tags: Tag[];
  renditions: Rendition[];
  variants: Variant[];
  /** EXT-X-I-FRAME-STREAM-INF attributes (their URI is an attribute). */
  iFrameVariants: Attribute[][];
}

export type Playlist = MediaPlaylist | MultivariantPlaylist;
