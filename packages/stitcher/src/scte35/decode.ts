/**
 * SCTE-35 splice_info_section decoder (ANSI/SCTE 35 2023r1 section 9). Handles splice_null,
 * splice_schedule (skipped), splice_insert, time_signal, bandwidth_reservation and private
 * commands, and the avail, DTMF, segmentation and time descriptors. Input is base64 or hex
 * (with or without `0x`). Malformed input gives `{ ok: false, error }`; it never throws.
 */

export const SPLICE_COMMAND = {
  spliceNull: 0x00,
  spliceSchedule: 0x04,
  spliceInsert: 0x05,
  timeSignal: 0x06,
  bandwidthReservation: 0x07,
  privateCommand: 0xff,
} as const;

/** segmentation_type_id values (Table 23). */
export const SEGMENTATION_TYPE: Record<number, string> = {
  0: 'Not Indicated',
  1: 'Content Identification',
  2: 'Call Ad Server',
  16: 'Program Start',
  17: 'Program End',
  18: 'Program Early Termination',
  19: 'Program Breakaway',
  20: 'Program Resumption',
  21: 'Program Runover Planned',
  22: 'Program Runover Unplanned',
  23: 'Program Overlap Start',
  24: 'Program Blackout Override',
  25: 'Program Start - In Progress',
  32: 'Chapter Start',
  33: 'Chapter End',
  34: 'Break Start',
  35: 'Break End',
  36: 'Opening Credit Start',
  37: 'Opening Credit End',
  38: 'Closing Credit Start',
  39: 'Closing Credit End',
  48: 'Provider Advertisement Start',
  49: 'Provider Advertisement End',
  50: 'Distributor Advertisement Start',
  51: 'Distributor Advertisement End',
  52: 'Provider Placement Opportunity Start',
  53: 'Provider Placement Opportunity End',
  54: 'Distributor Placement Opportunity Start',
  55: 'Distributor Placement Opportunity End',
  56: 'Provider Overlay Placement Opportunity Start',
  57: 'Provider Overlay Placement Opportunity End',
  58: 'Distributor Overlay Placement Opportunity Start',
  59: 'Distributor Overlay Placement Opportunity End',
  60: 'Provider Promo Start',
  61: 'Provider Promo End',
  62: 'Distributor Promo Start',
  63: 'Distributor Promo End',
  64: 'Unscheduled Event Start',
  65: 'Unscheduled Event End',
  66: 'Alternate Content Opportunity Start',
  67: 'Alternate Content Opportunity End',
  68: 'Provider Ad Block Start',
  69: 'Provider Ad Block End',
  70: 'Distributor Ad Block Start',
  71: 'Distributor Ad Block End',
  80: 'Network Start',
  81: 'Network End',
};

/** Segmentation types that open an ad avail that may be replaced. */
export const AVAIL_START_TYPES = new Set([0x22, 0x30, 0x32, 0x34, 0x36, 0x44, 0x46]);
/** Segmentation types that close one. */
export const AVAIL_END_TYPES = new Set([0x23, 0x31, 0x33, 0x35, 0x37, 0x45, 0x47]);
/** Types that carry sub_segment_num / sub_segments_expected. */
const SUB_SEGMENT_TYPES = new Set([0x34, 0x36, 0x38, 0x3a, 0x44, 0x46]);

export interface SpliceTime {
  /** 33-bit PTS in 90 kHz ticks, pts_adjustment applied modulo 2^33; undefined when immediate. */
  pts?: number;
}

export interface SpliceInsert {
  type: 'splice_insert';
  spliceEventId: number;
  cancel: boolean;
  outOfNetwork: boolean;
  programSplice: boolean;
  immediate: boolean;
  eventIdCompliance: boolean;
  spliceTime?: SpliceTime;
  components?: { tag: number; spliceTime?: SpliceTime }[];
  breakDuration?: { autoReturn: boolean; duration: number; seconds: number };
  uniqueProgramId: number;
  availNum: number;
  availsExpected: number;
}

export interface TimeSignal {
  type: 'time_signal';
  spliceTime: SpliceTime;
}

export type SpliceCommand =
  | SpliceInsert
  | TimeSignal
  | { type: 'splice_null' }
  | { type: 'splice_schedule'; raw: Uint8Array }
  | { type: 'bandwidth_reservation' }
  | { type: 'private_command'; identifier: number; raw: Uint8Array }
  | { type: 'unknown'; commandType: number; raw: Uint8Array };

export interface SegmentationDescriptor {
  tag: 0x02;
  identifier: number;
  segmentationEventId: number;
  cancel: boolean;
  eventIdCompliance: boolean;
  programSegmentation?: boolean;
  deliveryNotRestricted?: boolean;
  webDeliveryAllowed?: boolean;
  noRegionalBlackout?: boolean;
  archiveAllowed?: boolean;
  deviceRestrictions?: number;
  components?: { tag: number; ptsOffset: number }[];
  /** 40-bit duration in 90 kHz ticks. */
  segmentationDuration?: number;
  durationSeconds?: number;
  upidType?: number;
  /** UPID bytes as upper-case hex; `upidText` too when the type is textual (URI, ADI, ...). */
  upid?: string;
  upidText?: string;
  segmentationTypeId?: number;
  segmentationType?: string;
  segmentNum?: number;
  segmentsExpected?: number;
  subSegmentNum?: number;
  subSegmentsExpected?: number;
}

export type SpliceDescriptor =
  | { tag: 0x00; identifier: number; providerAvailId: number }
  | { tag: 0x01; identifier: number; preroll: number; dtmf: string }
  | SegmentationDescriptor
  | { tag: 0x03; identifier: number; taiSeconds: number; taiNs: number; utcOffset: number }
  | { tag: number; identifier: number; raw: Uint8Array };

export interface SpliceInfoSection {
  tableId: number;
  sectionSyntaxIndicator: boolean;
  privateIndicator: boolean;
  sapType: number;
  sectionLength: number;
  protocolVersion: number;
  encrypted: boolean;
  encryptionAlgorithm: number;
  ptsAdjustment: number;
  cwIndex: number;
  tier: number;
  spliceCommandLength: number;
  spliceCommandType: number;
  command: SpliceCommand;
  descriptors: SpliceDescriptor[];
  crc32: number;
  crcValid: boolean;
}

export type Scte35Result = { ok: true; section: SpliceInfoSection } | { ok: false; error: string };

const TWO_33 = 2 ** 33;

class Reader {
  private bit = 0;
  constructor(
    readonly buf: Uint8Array,
    private pos = 0,
    readonly end = buf.length,
  ) {}
  get offset(): number {
    return this.pos;
  }
  bits(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      if (this.pos >= this.end) throw new RangeError('message is truncated');
      const b = (this.buf[this.pos]! >> (7 - this.bit)) & 1;
      v = v * 2 + b;
      if (++this.bit === 8) {
        this.bit = 0;
        this.pos++;
      }
    }
    return v;
  }
  flag(): boolean {
    return this.bits(1) === 1;
  }
  bytes(n: number): Uint8Array {
    if (this.bit !== 0) throw new RangeError('unaligned read');
    if (this.pos + n > this.end) throw new RangeError('message is truncated');
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  skipTo(offset: number): void {
    this.pos = offset;
    this.bit = 0;
  }
}

let crcTable: Uint32Array | undefined;

/** CRC-32/MPEG-2 (poly 0x04C11DB7, init 0xFFFFFFFF, no reflection, no final xor). */
export function crc32Mpeg2(data: Uint8Array, start = 0, end = data.length): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i << 24;
      for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
      crcTable[i] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) crc = ((crc << 8) ^ crcTable[((crc >>> 24) ^ data[i]!) & 0xff]!) >>> 0;
  return crc >>> 0;
}

const HEX_RE = /^(0x)?([0-9a-f]{2})+$/i;
const B64_RE = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Decodes hex (`0xFC30...` or `FC30...`) or base64 text to bytes; undefined when neither. */
export function scte35Bytes(input: string): Uint8Array | undefined {
  const s = input.trim().replace(/^"|"$/g, '');
  if (HEX_RE.test(s)) {
    const hex = s.startsWith('0x') || s.startsWith('0X') ? s.slice(2) : s;
    if (hex.slice(0, 2).toUpperCase() === 'FC') return Uint8Array.from(Buffer.from(hex, 'hex'));
  }
  if (B64_RE.test(s) && s.length % 4 !== 1) {
    const b = Buffer.from(s, s.includes('-') || s.includes('_') ? 'base64url' : 'base64');
    if (b.length > 0) return new Uint8Array(b.buffer, b.byteOffset, b.length);
  }
  return undefined;
}

function readSpliceTime(r: Reader, ptsAdjustment: number): SpliceTime {
  if (r.flag()) {
    r.bits(6);
    return { pts: (r.bits(33) + ptsAdjustment) % TWO_33 };
  }
  r.bits(7);
  return {};
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex').toUpperCase();
}

const TEXT_UPIDS = new Set([0x03, 0x07, 0x09, 0x0e, 0x0f]);
/**
 * segmentation_upid_length of the UPID types whose length SCTE-35 fixes (table 22): not used,
 * ISCI, Ad-ID, UMID, ISAN (deprecated and current), TID, TI, EIDR, UUID. Any other is refused.
 */
const UPID_LENGTHS = new Map([
  [0x00, 0],
  [0x02, 8],
  [0x03, 12],
  [0x04, 32],
  [0x05, 8],
  [0x06, 12],
  [0x07, 12],
  [0x08, 8],
  [0x0a, 12],
  [0x10, 16],
]);

function readSegmentationDescriptor(r: Reader, identifier: number, end: number): SegmentationDescriptor {
  const d: SegmentationDescriptor = {
    tag: 0x02,
    identifier,
    segmentationEventId: r.bits(32),
    cancel: r.flag(),
    eventIdCompliance: false,
  };
  d.eventIdCompliance = r.flag();
  r.bits(6);
  if (d.cancel) return d;
  d.programSegmentation = r.flag();
  const hasDuration = r.flag();
  d.deliveryNotRestricted = r.flag();
  if (!d.deliveryNotRestricted) {
    d.webDeliveryAllowed = r.flag();
    d.noRegionalBlackout = r.flag();
    d.archiveAllowed = r.flag();
    d.deviceRestrictions = r.bits(2);
  } else {
    r.bits(5);
  }
  if (!d.programSegmentation) {
    const count = r.bits(8);
    d.components = [];
    for (let i = 0; i < count; i++) {
      const tag = r.bits(8);
      r.bits(7);
      d.components.push({ tag, ptsOffset: r.bits(33) });
    }
  }
  if (hasDuration) {
    d.segmentationDuration = r.bits(40);
    d.durationSeconds = d.segmentationDuration / 90000;
  }
  d.upidType = r.bits(8);
  const upidLength = r.bits(8);
  const fixed = UPID_LENGTHS.get(d.upidType);
  if (fixed !== undefined && upidLength !== fixed) {
    const type = `0x${d.upidType.toString(16).padStart(2, '0')}`;
    throw new RangeError(`segmentation_upid of type ${type} must be ${fixed} bytes, not ${upidLength}`);
  }
  const upid = r.bytes(upidLength);
  d.upid = hex(upid);
  if (TEXT_UPIDS.has(d.upidType)) d.upidText = Buffer.from(upid).toString('utf8');
  d.segmentationTypeId = r.bits(8);
  d.segmentationType = SEGMENTATION_TYPE[d.segmentationTypeId] ?? 'Reserved';
  d.segmentNum = r.bits(8);
  d.segmentsExpected = r.bits(8);
  if (SUB_SEGMENT_TYPES.has(d.segmentationTypeId) && r.offset + 2 <= end) {
    d.subSegmentNum = r.bits(8);
    d.subSegmentsExpected = r.bits(8);
  }
  return d;
}

function readDescriptor(r: Reader): SpliceDescriptor {
  const tag = r.bits(8);
  const length = r.bits(8);
  const start = r.offset;
  const end = start + length;
  if (end > r.end) throw new RangeError(`descriptor 0x${tag.toString(16)} overruns the loop`);
  if (length < 4) throw new RangeError(`descriptor 0x${tag.toString(16)} is too short`);
  const identifier = r.bits(32);
  let d: SpliceDescriptor;
  if (identifier !== 0x43554549) {
    d = { tag, identifier, raw: r.bytes(end - r.offset) };
  } else if (tag === 0x00) {
    d = { tag: 0x00, identifier, providerAvailId: r.bits(32) };
  } else if (tag === 0x01) {
    const preroll = r.bits(8);
    const count = r.bits(3);
    r.bits(5);
    d = { tag: 0x01, identifier, preroll, dtmf: Buffer.from(r.bytes(count)).toString('latin1') };
  } else if (tag === 0x02) {
    d = readSegmentationDescriptor(r, identifier, end);
  } else if (tag === 0x03) {
    d = { tag: 0x03, identifier, taiSeconds: r.bits(48), taiNs: r.bits(32), utcOffset: r.bits(16) };
  } else {
    d = { tag, identifier, raw: r.bytes(end - r.offset) };
  }
  if (r.offset > end) throw new RangeError(`descriptor 0x${tag.toString(16)} is longer than its length`);
  r.skipTo(end);
  return d;
}

function readSpliceInsert(r: Reader, ptsAdjustment: number): SpliceInsert {
  const c: SpliceInsert = {
    type: 'splice_insert',
    spliceEventId: r.bits(32),
    cancel: r.flag(),
    outOfNetwork: false,
    programSplice: false,
    immediate: false,
    eventIdCompliance: false,
    uniqueProgramId: 0,
    availNum: 0,
    availsExpected: 0,
  };
  r.bits(7);
  if (c.cancel) return c;
  c.outOfNetwork = r.flag();
  c.programSplice = r.flag();
  const hasDuration = r.flag();
  c.immediate = r.flag();
  c.eventIdCompliance = r.flag();
  r.bits(3);
  if (c.programSplice && !c.immediate) c.spliceTime = readSpliceTime(r, ptsAdjustment);
  if (!c.programSplice) {
    const count = r.bits(8);
    c.components = [];
    for (let i = 0; i < count; i++) {
      const tag = r.bits(8);
      c.components.push(c.immediate ? { tag } : { tag, spliceTime: readSpliceTime(r, ptsAdjustment) });
    }
  }
  if (hasDuration) {
    const autoReturn = r.flag();
    r.bits(6);
    const duration = r.bits(33);
    c.breakDuration = { autoReturn, duration, seconds: duration / 90000 };
  }
  c.uniqueProgramId = r.bits(16);
  c.availNum = r.bits(8);
  c.availsExpected = r.bits(8);
  return c;
}

/** Decodes a splice_info_section from base64/hex text or bytes. */
export function decodeScte35(input: string | Uint8Array): Scte35Result {
  const buf = typeof input === 'string' ? scte35Bytes(input) : input;
  if (!buf) return { ok: false, error: 'not base64 or hex' };
  try {
    return { ok: true, section: decodeSection(buf) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

function decodeSection(buf: Uint8Array): SpliceInfoSection {
  if (buf.length < 17) throw new RangeError('message is truncated');
  const r = new Reader(buf);
  const tableId = r.bits(8);
  if (tableId !== 0xfc) throw new Error(`table_id 0x${tableId.toString(16)} is not 0xFC`);
  const sectionSyntaxIndicator = r.flag();
  const privateIndicator = r.flag();
  const sapType = r.bits(2);
  const sectionLength = r.bits(12);
  const total = 3 + sectionLength;
  if (total > buf.length)
    throw new RangeError(`section_length ${sectionLength} exceeds the ${buf.length} bytes`);
  const protocolVersion = r.bits(8);
  const encrypted = r.flag();
  const encryptionAlgorithm = r.bits(6);
  const ptsAdjustment = r.bits(33);
  const cwIndex = r.bits(8);
  const tier = r.bits(12);
  const spliceCommandLength = r.bits(12);
  const spliceCommandType = r.bits(8);
  const crc32 =
    ((buf[total - 4]! << 24) | (buf[total - 3]! << 16) | (buf[total - 2]! << 8) | buf[total - 1]!) >>> 0;
  const crcValid = crc32Mpeg2(buf, 0, total - 4) === crc32;
  const section: SpliceInfoSection = {
    tableId,
    sectionSyntaxIndicator,
    privateIndicator,
    sapType,
    sectionLength,
    protocolVersion,
    encrypted,
    encryptionAlgorithm,
    ptsAdjustment,
    cwIndex,
    tier,
    spliceCommandLength,
    spliceCommandType,
    command: { type: 'splice_null' },
    descriptors: [],
    crc32,
    crcValid,
  };
  if (encrypted) {
    section.command = { type: 'unknown', commandType: spliceCommandType, raw: new Uint8Array() };
    return section;
  }
  const commandStart = r.offset;
  const cr = new Reader(
    buf,
    commandStart,
    spliceCommandLength === 0xfff ? total - 4 : commandStart + spliceCommandLength,
  );
  switch (spliceCommandType) {
    case SPLICE_COMMAND.spliceNull:
      section.command = { type: 'splice_null' };
      break;
    case SPLICE_COMMAND.spliceInsert:
      section.command = readSpliceInsert(cr, ptsAdjustment);
      break;
    case SPLICE_COMMAND.timeSignal:
      section.command = { type: 'time_signal', spliceTime: readSpliceTime(cr, ptsAdjustment) };
      break;
    case SPLICE_COMMAND.bandwidthReservation:
      section.command = { type: 'bandwidth_reservation' };
      break;
    case SPLICE_COMMAND.spliceSchedule:
      section.command = { type: 'splice_schedule', raw: cr.bytes(spliceCommandLength) };
      break;
    case SPLICE_COMMAND.privateCommand:
      section.command = {
        type: 'private_command',
        identifier: cr.bits(32),
        raw: cr.bytes(spliceCommandLength - 4),
      };
      break;
    default:
      section.command = {
        type: 'unknown',
        commandType: spliceCommandType,
        raw: cr.bytes(Math.min(spliceCommandLength, total - 4 - commandStart)),
      };
  }
  const loopStart = spliceCommandLength === 0xfff ? cr.offset : commandStart + spliceCommandLength;
  const lr = new Reader(buf, loopStart, total - 4);
  const loopLength = lr.bits(16);
  const loopEnd = loopStart + 2 + loopLength;
  if (loopEnd > total - 4) throw new RangeError('descriptor_loop_length overruns the section');
  const dr = new Reader(buf, loopStart + 2, loopEnd);
  while (dr.offset < loopEnd) section.descriptors.push(readDescriptor(dr));
  return section;
}

/** What an SCTE-35 message means for ad insertion. */
export interface Scte35Signal {
  /** 'out' opens an avail, 'in' closes one, 'other' is informational, 'cancel' withdraws one. */
  kind: 'out' | 'in' | 'cancel' | 'other';
  /** splice_event_id or segmentation_event_id. */
  eventId?: number;
  /** Break duration in seconds when the message carries one. */
  duration?: number;
  pts?: number;
  segmentationTypeId?: number;
}

/** Interprets a decoded section as an avail start, end or neither. */
export function scte35Signal(section: SpliceInfoSection): Scte35Signal {
  const c = section.command;
  if (c.type === 'splice_insert') {
    if (c.cancel) return { kind: 'cancel', eventId: c.spliceEventId };
    const s: Scte35Signal = { kind: c.outOfNetwork ? 'out' : 'in', eventId: c.spliceEventId };
    if (c.breakDuration && c.outOfNetwork) s.duration = c.breakDuration.seconds;
    if (c.spliceTime?.pts !== undefined) s.pts = c.spliceTime.pts;
    return s;
  }
  if (c.type === 'time_signal') {
    for (const d of section.descriptors) {
      if (d.tag !== 0x02 || !('segmentationEventId' in d)) continue;
      const pts = c.spliceTime.pts;
      const base: Scte35Signal = { kind: 'other', eventId: d.segmentationEventId };
      if (pts !== undefined) base.pts = pts;
      if (d.cancel) return { ...base, kind: 'cancel' };
      const t = d.segmentationTypeId ?? -1;
      base.segmentationTypeId = t;
      if (AVAIL_START_TYPES.has(t)) {
        const s: Scte35Signal = { ...base, kind: 'out' };
        if (d.durationSeconds !== undefined) s.duration = d.durationSeconds;
        return s;
      }
      if (AVAIL_END_TYPES.has(t)) return { ...base, kind: 'in' };
    }
    const first = section.descriptors.find(
      (d): d is SegmentationDescriptor => d.tag === 0x02 && 'segmentationEventId' in d,
    );
    const other: Scte35Signal = { kind: 'other' };
    if (first) {
      other.eventId = first.segmentationEventId;
      if (first.segmentationTypeId !== undefined) other.segmentationTypeId = first.segmentationTypeId;
    }
    if (c.spliceTime.pts !== undefined) other.pts = c.spliceTime.pts;
    return other;
  }
  return { kind: 'other' };
}
