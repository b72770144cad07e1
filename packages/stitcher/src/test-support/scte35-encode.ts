import { crc32Mpeg2 } from '../scte35/decode.ts';

class BitWriter {
  private bits: number[] = [];
  put(value: number, n: number): void {
    for (let i = n - 1; i >= 0; i--) this.bits.push(Math.floor(value / 2 ** i) % 2);
  }
  bytes(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.bits.length; i += 8) {
      let b = 0;
      for (let k = 0; k < 8; k++) b = (b << 1) | (this.bits[i + k] ?? 0);
      out.push(b);
    }
    return out;
  }
}

/** Test helper: encodes a splice_insert splice_info_section (with a valid CRC_32). */
export function encodeSpliceInsert(opts: {
  eventId: number;
  out: boolean;
  duration?: number;
  pts?: number;
}): Uint8Array {
  const cmd = new BitWriter();
  cmd.put(opts.eventId, 32);
  cmd.put(0, 1);
  cmd.put(0x7f, 7);
  cmd.put(opts.out ? 1 : 0, 1);
  cmd.put(1, 1); // program_splice_flag
  cmd.put(opts.duration !== undefined ? 1 : 0, 1);
  cmd.put(0, 1); // splice_immediate_flag
  cmd.put(1, 1); // event_id_compliance_flag
  cmd.put(0x7, 3);
  cmd.put(1, 1); // time_specified_flag
  cmd.put(0x3f, 6);
  cmd.put(opts.pts ?? 0, 33);
  if (opts.duration !== undefined) {
    cmd.put(1, 1);
    cmd.put(0x3f, 6);
    cmd.put(Math.round(opts.duration * 90000), 33);
  }
  cmd.put(0, 16);
  cmd.put(0, 8);
  cmd.put(0, 8);
  const command = cmd.bytes();
  const body = new BitWriter();
  body.put(0, 8); // protocol_version
  body.put(0, 1);
  body.put(0, 6);
  body.put(0, 33); // pts_adjustment
  body.put(0xff, 8);
  body.put(0xfff, 12);
  body.put(command.length, 12);
  body.put(5, 8);
  const tail = [...body.bytes(), ...command, 0, 0];
  const sectionLength = tail.length + 4;
  const head = [0xfc, 0x30 | ((sectionLength >> 8) & 0x0f), sectionLength & 0xff];
  const all = [...head, ...tail];
  const crc = crc32Mpeg2(Uint8Array.from(all));
  all.push((crc >>> 24) & 0xff, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff);
  return Uint8Array.from(all);
}
