/**
 * ffmpeg, from Debian's packages (`apt-get install ffmpeg`): found at start, then used to turn an
 * ad server's MP4 into HLS renditions of a stream's ladder. The product runs without it: HLS
 * creatives still play, and MP4 ones are skipped with the reason.
 */
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export type FfmpegStatus = { available: true; version: string } | { available: false; reason: string };

/**
 * The segment container of a conditioned rendition set: MPEG-TS, or fMP4 (CMAF: an init section
 * per rendition, EXT-X-MAP). A creative is stitched only into content of its own container.
 */
export type Container = 'ts' | 'fmp4';

export interface Rung {
  width: number;
  height: number;
  /** Bits per second of the content variant (video and audio). */
  bandwidth: number;
}

/**
 * Runs `command` with `args`; resolves with its output, rejects with its last words. `onLine`
 * hears each line of its output as it comes (ffmpeg's `-progress pipe:1`). Aborting `signal`
 * kills the process at once (the server is stopping) and rejects with an AbortError.
 */
function run(
  command: string,
  args: readonly string[],
  timeoutMs: number,
  onLine?: (line: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
    });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString()).slice(-64 * 1024);
      if (!onLine) return;
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8 * 1024);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(stdout);
      const last = stderr.trim().split('\n').slice(-2).join(' ').trim();
      reject(
        new Error(
          signal === 'SIGKILL'
            ? `${command} took longer than ${timeoutMs / 1000}s`
            : `${command} exited with ${code}${last ? `: ${last}` : ''}`,
        ),
      );
    });
  });
}

/** Whether `bin` runs, and its version line. */
export async function detectFfmpeg(bin: string): Promise<FfmpegStatus> {
  try {
    const out = await run(bin, ['-hide_banner', '-version'], 10_000);
    return { available: true, version: out.split('\n')[0]?.trim() ?? 'ffmpeg' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      available: false,
      reason:
        code === 'ENOENT'
          ? `${bin} is not installed (apt-get install ffmpeg)`
          : `${bin} does not run: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** ffprobe beside ffmpeg (same package). */
const ffprobeOf = (ffmpeg: string) => ffmpeg.replace(/ffmpeg([^/]*)$/, 'ffprobe$1');

/** Seconds of the file (ffprobe), or 0 when it does not say. */
async function probeDuration(ffmpeg: string, input: string, signal?: AbortSignal): Promise<number> {
  const probe = await run(
    ffprobeOf(ffmpeg),
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', input],
    30_000,
    undefined,
    signal,
  );
  const seconds = Number(probe.trim());
  return Number.isFinite(seconds) ? seconds : 0;
}

/** Whether the file has an audio stream. */
async function hasAudio(ffmpeg: string, input: string, signal?: AbortSignal): Promise<boolean> {
  const out = await run(
    ffprobeOf(ffmpeg),
    ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=index', '-of', 'csv=p=0', input],
    30_000,
    undefined,
    signal,
  );
  return out.trim() !== '';
}

/** Even dimensions (H.264 4:2:0 needs them). */
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Transcodes `input` into `outDir`: `master.m3u8` and one folder per rung (`0/index.m3u8`...),
 * H.264 and AAC in MPEG-TS (`seg000.ts`...) or, for `fmp4`, in fMP4/CMAF (`init_0.mp4` named by
 * EXT-X-MAP, `seg000.m4s`...), 2 s segments with a key frame at each, each rung letterboxed to its
 * size at about its bandwidth. A creative without sound gets silence (content players expect the
 * same tracks in the ad). Returns the duration in seconds. `onProgress` hears the share done
 * (0..1), from ffmpeg's `-progress` report of the time written against the source's duration.
 * Aborting `signal` kills ffmpeg (or ffprobe) at once and rejects with an AbortError.
 */
export async function transcodeToHls(
  ffmpeg: string,
  input: string,
  outDir: string,
  ladder: readonly Rung[],
  timeoutMs: number,
  onProgress?: (done: number) => void,
  signal?: AbortSignal,
  container: Container = 'ts',
): Promise<number> {
  const audio = await hasAudio(ffmpeg, input, signal);
  const seconds = await probeDuration(ffmpeg, input, signal);
  const n = ladder.length;
  await Promise.all(ladder.map((_, i) => mkdir(join(outDir, String(i)), { recursive: true })));
  const scale = ladder
    .map((r, i) => {
      const w = even(r.width);
      const h = even(r.height);
      return `[v${i}]scale=w=${w}:h=${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p[o${i}]`;
    })
    .join(';');
  const args = ['-hide_banner', '-nostdin', '-y'];
  if (onProgress) args.push('-progress', 'pipe:1', '-nostats');
  args.push('-i', input);
  if (!audio) args.push('-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo');
  args.push('-filter_complex', `[0:v]split=${n}${ladder.map((_, i) => `[v${i}]`).join('')};${scale}`);
  ladder.forEach((r, i) => {
    const video = Math.max(100_000, Math.round(r.bandwidth * 0.85) - 128_000);
    args.push('-map', `[o${i}]`, `-c:v:${i}`, 'libx264', `-b:v:${i}`, String(video));
    args.push(`-maxrate:v:${i}`, String(Math.round(video * 1.1)), `-bufsize:v:${i}`, String(video * 2));
    args.push('-map', audio ? '0:a:0' : '1:a:0');
  });
  if (!audio) args.push('-shortest');
  args.push(
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-sc_threshold',
    '0',
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    '48000',
    '-ac',
    '2',
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_playlist_type',
    'vod',
  );
  // fMP4: ffmpeg names each rendition's init section init_<rung>.mp4, in the rendition's folder.
  if (container === 'fmp4') args.push('-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4');
  args.push(
    '-hls_segment_filename',
    join(outDir, '%v', container === 'fmp4' ? 'seg%03d.m4s' : 'seg%03d.ts'),
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    ladder.map((_, i) => `v:${i},a:${i}`).join(' '),
    join(outDir, '%v', 'index.m3u8'),
  );
  // out_time_us: microseconds of output written so far (out_time_ms says the same, misnamed).
  const progressLine = (line: string) => {
    const match = /^out_time_us=(\d+)/.exec(line);
    if (match && seconds > 0) onProgress?.(Math.min(1, Number(match[1]) / 1e6 / seconds));
  };
  await run(ffmpeg, args, timeoutMs, onProgress ? progressLine : undefined, signal);
  return seconds;
}
