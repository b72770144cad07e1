/**
 * Just enough MPEG-TS reading to find the presentation time of a segment's first video frame, so
 * that the demo origin's SCTE-35 messages carry the PTS of the frame they splice at, as a real
 * encoder's do. PAT -> PMT -> the H.264 elementary stream -> the first PES header's PTS.
 */

const PACKET = 188;
const SYNC = 0x47;
const H264 = 0x1b;

interface Packet {
  pid: number;
  unitStart: boolean;
  payload: Uint8Array;
}

function* packets(data: Uint8Array): Generator<Packet> {
  for (let at = 0; at + PACKET <= data.length; at += PACKET) {
    if (data[at] !== SYNC) return;
    const pid = ((data[at + 1]! & 0x1f) << 8) | data[at + 2]!;
    const unitStart = (data[at + 1]! & 0x40) !== 0;
    const adaptation = (data[at + 3]! >> 4) & 0x3;
    let start = at + 4;
    if (adaptation === 2) continue; // adaptation field only, no payload
    if (adaptation === 3) start += 1 + data[at + 4]!;
    if (start >= at + PACKET) continue;
    yield { pid, unitStart, payload: data.subarray(start, at + PACKET) };
  }
}

/** The section a PSI packet starts (its pointer_field skipped). */
const section = (p: Packet) => p.payload.subarray(1 + p.payload[0]!);

/** The 33-bit PTS of the first video PES of an MPEG-TS segment, in 90 kHz ticks; undefined if none. */
export function firstVideoPts(data: Uint8Array): number | undefined {
  let pmtPid: number | undefined;
  let videoPid: number | undefined;
  for (const p of packets(data)) {
    if (p.pid === 0 && p.unitStart && pmtPid === undefined) {
      // PAT: the first program's PMT PID (program 0 would be the network PID: skipped).
      const s = section(p);
      const end = 3 + (((s[1]! & 0x0f) << 8) | s[2]!) - 4;
      for (let i = 8; i + 4 <= end; i += 4) {
        if (((s[i]! << 8) | s[i + 1]!) !== 0) {
          pmtPid = ((s[i + 2]! & 0x1f) << 8) | s[i + 3]!;
          break;
        }
      }
    } else if (p.pid === pmtPid && p.unitStart && videoPid === undefined) {
      const s = section(p);
      const end = 3 + (((s[1]! & 0x0f) << 8) | s[2]!) - 4;
      const infoLength = ((s[10]! & 0x0f) << 8) | s[11]!;
      for (let i = 12 + infoLength; i + 5 <= end; ) {
        const esInfo = ((s[i + 3]! & 0x0f) << 8) | s[i + 4]!;
        if (s[i] === H264) {
          videoPid = ((s[i + 1]! & 0x1f) << 8) | s[i + 2]!;
          break;
        }
        i += 5 + esInfo;
      }
    } else if (p.pid === videoPid && p.unitStart) {
      const h = p.payload;
      if (h[0] !== 0 || h[1] !== 0 || h[2] !== 1 || (h[7]! & 0x80) === 0) return undefined;
      return (
        (h[9]! & 0x0e) * 2 ** 29 + (h[10]! << 22) + ((h[11]! & 0xfe) << 14) + (h[12]! << 7) + (h[13]! >> 1)
      );
    }
  }
  return undefined;
}
