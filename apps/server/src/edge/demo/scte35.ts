/**
 * An SCTE-35 (2022) encoder for the one message the demo origin needs: a splice_insert with a
 * program splice at a given PTS, out of network with a break duration (the avail's start) or back
 * in network (its end), and an avail_descriptor ("CUEI") naming the avail, as AWS Elemental and
 * most broadcast encoders send. The section carries a valid CRC_32 (the stitcher's CRC-32/MPEG-2),
 * so strict decoders accept it.
 */

import { crc32Mpeg2 } from '@cuepoint/stitcher';

const TWO_33 = 2 ** 33;
/** "CUEI": the SCTE-35 identifier of the standard splice descriptors. */
const CUEI = 0x43554549;

/** Writes big-endian bit fields of up to 33 bits (a PTS), which 32-bit shifts cannot hold. */
class BitWriter {
  private readonly bits: number[] = [];

  put(value: number, width: number): this {
    for (let i = width - 1; i >= 0; i--) this.bits.push(Math.floor(value / 2 ** i) % 2);
    return this;
  }

  bytes(): number[] {
    if (this.bits.length % 8 !== 0) throw new Error('SCTE-35 fields must fill whole bytes');
    const out: number[] = [];
    for (let i = 0; i < this.bits.length; i += 8) {
      let byte = 0;
      for (let k = 0; k < 8; k++) byte = (byte << 1) | this.bits[i + k]!;
      out.push(byte);
    }
    return out;
  }
}

export interface SpliceInsertOptions {
  /** splice_event_id (32 bits): the same for an avail's out and in messages. */
  eventId: number;
  /** true: leave the network (avail start); false: return to it (avail end). */
  outOfNetwork: boolean;
  /** PTS of the splice point, 90 kHz ticks (taken modulo 2^33). */
  pts: number;
  /** Break duration in seconds (avail start only). */
  duration?: number;
}

/** A splice_info_section holding one splice_insert, as bytes. */
export function encodeSpliceInsert(opts: SpliceInsertOptions): Uint8Array {
  const eventId = opts.eventId >>> 0;
  const command = new BitWriter()
    .put(eventId, 32)
    .put(0, 1) // splice_event_cancel_indicator
    .put(0x7f, 7) // reserved
    .put(opts.outOfNetwork ? 1 : 0, 1)
    .put(1, 1) // program_splice_flag
    .put(opts.duration !== undefined ? 1 : 0, 1) // duration_flag
    .put(0, 1) // splice_immediate_flag: the splice happens at the PTS below
    .put(1, 1) // event_id_compliance_flag
    .put(0x7, 3) // reserved
    .put(1, 1) // splice_time: time_specified_flag
    .put(0x3f, 6)
    .put(((Math.round(opts.pts) % TWO_33) + TWO_33) % TWO_33, 33);
  if (opts.duration !== undefined) {
    command
      .put(1, 1) // break_duration: auto_return
      .put(0x3f, 6)
      .put(Math.round(opts.duration * 90_000), 33);
  }
  command
    .put(1, 16) // unique_program_id
    .put(0, 8) // avail_num
    .put(0, 8); // avails_expected
  const commandBytes = command.bytes();

  // avail_descriptor: provider_avail_id = the event id, so the avail is named in both places.
  const descriptors = new BitWriter().put(0x00, 8).put(8, 8).put(CUEI, 32).put(eventId, 32).bytes();

  const body = new BitWriter()
    .put(0, 8) // protocol_version
    .put(0, 1) // encrypted_packet
    .put(0, 6) // encryption_algorithm
    .put(0, 33) // pts_adjustment
    .put(0, 8) // cw_index
    .put(0xfff, 12) // tier
    .put(commandBytes.length, 12)
    .put(0x05, 8) // splice_command_type: splice_insert
    .bytes();
  const loop = [(descriptors.length >> 8) & 0xff, descriptors.length & 0xff, ...descriptors];
  const afterLength = [...body, ...commandBytes, ...loop];
  const sectionLength = afterLength.length + 4; // + CRC_32
  // table_id 0xFC, section_syntax_indicator 0, private_indicator 0, sap_type 3 (unspecified).
  const section = [0xfc, 0x30 | ((sectionLength >> 8) & 0x0f), sectionLength & 0xff, ...afterLength];
  const crc = crc32Mpeg2(Uint8Array.from(section));
  section.push((crc >>> 24) & 0xff, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff);
  return Uint8Array.from(section);
}

/** Base64, as EXT-OATCLS-SCTE35 and EXT-X-CUE-OUT-CONT's SCTE35 attribute carry it. */
export const scte35Base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** 0x-prefixed upper-case hex, as EXT-X-DATERANGE's SCTE35-OUT/SCTE35-IN carry it. */
export const scte35Hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex').toUpperCase()}`;
