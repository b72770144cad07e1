#!/usr/bin/env bash
# Regenerates the demo media committed in apps/server/demo-media/ (served by the built-in demo
# origin and ad server, apps/server/src/edge/demo/). Needs ffmpeg (libx264, aac) and the DejaVu fonts
# (Debian: apt-get install ffmpeg fonts-dejavu-core). The product never runs this: the output is
# committed so that `npm start` plays a stitched stream on a machine without ffmpeg.
#
#   bash scripts/demo-media.sh
#
# Every asset is HLS in MPEG-TS (H.264 Main + AAC-LC stereo 48 kHz), 25 fps, a keyframe exactly
# every 2 s and 2-second segments, on the same two-rung ladder, so that ads and slate splice into
# the content without a change of codec, resolution set or segment cadence.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${DEMO_MEDIA_OUT:-$ROOT/apps/server/demo-media}"
FONT="${DEMO_FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}"
MONO="${DEMO_MONO_FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf}"

FPS=25
SEGMENT=2
GOP=$((FPS * SEGMENT))
AUDIO_BITRATE=32k
# H.264 Main (0x4d), constraint_set1 (x264 sets it for Main: 0x40), level 3.0 (0x1e); AAC-LC.
CODECS='avc1.4d401e,mp4a.40.2'

# name width height video-bitrate (a ceiling: simple pictures such as the ads use far less)
RENDITIONS=(
  '144p 256 144 120'
  '240p 426 240 250'
)

for tool in ffmpeg awk; do
  command -v "$tool" >/dev/null || { echo "demo-media: $tool is required" >&2; exit 1; }
done
for f in "$FONT" "$MONO"; do
  [[ -f "$f" ]] || { echo "demo-media: font $f not found (apt-get install fonts-dejavu-core)" >&2; exit 1; }
done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# drawtext reads its text from files: no quoting of apostrophes, colons or percent signs in
# filter strings (the %{...} expansions still apply).
text() { printf '%s' "$2" >"$WORK/$1.txt"; printf '%s' "$WORK/$1.txt"; }

# encode <dir> <seconds> <video filter graph> <audio source> <width> <height> <kbps>
# Writes <dir>/seg-NNN.ts and the VOD media playlist <dir>/index.m3u8.
encode() {
  local dir="$1" seconds="$2" video="$3" audio="$4" width="$5" height="$6" kbps="$7"
  mkdir -p "$dir"
  # One x264 thread: its output is then the same bytes on every run (no churn in git).
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$video" -f lavfi -i "$audio" \
    -t "$seconds" -map 0:v -map 1:a \
    -c:v libx264 -threads 1 -preset slow -profile:v main -level:v 3.0 -pix_fmt yuv420p \
    -s "${width}x${height}" -r "$FPS" \
    -crf 30 -maxrate "${kbps}k" -bufsize "$((kbps * 2))k" \
    -g "$GOP" -keyint_min "$GOP" -sc_threshold 0 \
    -force_key_frames "expr:gte(t,n_forced*${SEGMENT})" \
    -x264-params 'open-gop=0' \
    -c:a aac -profile:a aac_low -b:a "$AUDIO_BITRATE" -ar 48000 -ac 2 \
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -f hls -hls_time "$SEGMENT" -hls_playlist_type vod -hls_flags independent_segments \
    -hls_segment_filename "$dir/seg-%03d.ts" "$dir/index.m3u8"
}

# master <asset dir>: the multivariant playlist of an asset, BANDWIDTH being the peak segment
# bitrate and AVERAGE-BANDWIDTH the mean, measured on the files just written.
master() {
  local asset="$1"
  {
    echo '#EXTM3U'
    echo '#EXT-X-VERSION:3'
    echo '#EXT-X-INDEPENDENT-SEGMENTS'
    for r in "${RENDITIONS[@]}"; do
      read -r name width height _ <<<"$r"
      local rates
      rates="$(
        awk -v dir="$asset/$name" '
          /^#EXTINF:/ { sub(/^#EXTINF:/, ""); sub(/,.*/, ""); d = $0 + 0; next }
          /^[^#]/ {
            cmd = "wc -c < \"" dir "/" $0 "\""; cmd | getline bytes; close(cmd)
            bits = bytes * 8; total += bits; seconds += d
            if (bits / d > peak) peak = bits / d
          }
          END { printf "%d %d", peak + 0.5, total / seconds + 0.5 }
        ' "$asset/$name/index.m3u8"
      )"
      read -r peak average <<<"$rates"
      echo "#EXT-X-STREAM-INF:BANDWIDTH=$peak,AVERAGE-BANDWIDTH=$average,CODECS=\"$CODECS\",RESOLUTION=${width}x${height},FRAME-RATE=$FPS.000"
      echo "$name/index.m3u8"
    done
  } >"$asset/master.m3u8"
}

# The content loop: a moving test pattern, the loop's running timecode, frame number and
# rendition, and a 1 kHz tone that beeps (at 2 kHz) once a second so the clock is audible.
content() {
  local seconds=20 dir="$OUT/content"
  rm -rf "$dir"
  for r in "${RENDITIONS[@]}"; do
    read -r name width height kbps <<<"$r"
    local title clock frame
    title="$(text "content-title-$name" "CUEPOINT DEMO  $name")"
    clock="$(text "content-clock-$name" '%{pts:hms}')"
    frame="$(text "content-frame-$name" 'frame %{eif:n:d:4}   loop 20 s')"
    local video="testsrc2=size=${width}x${height}:rate=${FPS},"
    video+="drawbox=x=0:y=0:w=iw:h=ih*0.17:color=black:t=fill,"
    video+="drawtext=fontfile=${FONT}:textfile=${title}:fontcolor=white:fontsize=h*0.1:x=(w-tw)/2:y=h*0.035,"
    video+="drawbox=x=0:y=ih*0.36:w=iw:h=ih*0.3:color=black@0.7:t=fill,"
    video+="drawtext=fontfile=${MONO}:textfile=${clock}:fontcolor=white:fontsize=h*0.2:x=(w-tw)/2:y=h*0.41,"
    video+="drawtext=fontfile=${MONO}:textfile=${frame}:fontcolor=yellow:fontsize=h*0.07:x=(w-tw)/2:y=h*0.86:box=1:boxcolor=black@0.6"
    encode "$dir/$name" "$seconds" "$video" "sine=frequency=1000:beep_factor=2:sample_rate=48000" \
      "$width" "$height" "$kbps"
  done
  master "$dir"
}

# ad <id> <label> <seconds> <colour> <tone Hz>: big coloured text naming the ad, its elapsed
# seconds, and a bar growing over its duration (what a viewer sees tells which ad and where).
ad() {
  local id="$1" label="$2" seconds="$3" colour="$4" tone="$5" dir="$OUT/ads/$1"
  rm -rf "$dir"
  for r in "${RENDITIONS[@]}"; do
    read -r name width height kbps <<<"$r"
    local big elapsed
    big="$(text "$id-big-$name" "$label")"
    elapsed="$(text "$id-elapsed-$name" "%{eif:t:d} s / ${seconds} s")"
    local video="color=c=${colour}:size=${width}x${height}:rate=${FPS}[bg];"
    video+="color=c=white:size=${width}x$((height / 12)):rate=${FPS}[bar];"
    video+="[bg][bar]overlay=x=-W+W*t/${seconds}:y=H-h:eval=frame,"
    video+="drawtext=fontfile=${FONT}:textfile=${big}:fontcolor=white:fontsize=h*0.3:x=(w-tw)/2:y=h*0.18:shadowcolor=black:shadowx=2:shadowy=2,"
    video+="drawtext=fontfile=${MONO}:textfile=${elapsed}:fontcolor=white:fontsize=h*0.12:x=(w-tw)/2:y=h*0.6"
    encode "$dir/$name" "$seconds" "$video" "sine=frequency=${tone}:sample_rate=48000" \
      "$width" "$height" "$kbps"
  done
  master "$dir"
}

# The slate: shown when the ads do not fill a break. Silent.
slate() {
  local seconds=10 dir="$OUT/slate"
  rm -rf "$dir"
  for r in "${RENDITIONS[@]}"; do
    read -r name width height kbps <<<"$r"
    local line
    line="$(text "slate-$name" "We'll be right back")"
    local video="color=c=0x1f2937:size=${width}x${height}:rate=${FPS},"
    video+="drawtext=fontfile=${FONT}:textfile=${line}:fontcolor=white:fontsize=h*0.1:x=(w-tw)/2:y=(h-th)/2"
    encode "$dir/$name" "$seconds" "$video" "anullsrc=channel_layout=stereo:sample_rate=48000" \
      "$width" "$height" "$kbps"
  done
  master "$dir"
}

mkdir -p "$OUT/ads"
content
ad ad1 'AD 1' 10 0xc0392b 660
ad ad2 'AD 2' 15 0x2563eb 880
ad ad3 'AD 3' 20 0x16a34a 550
slate

echo "demo-media: written to $OUT"
du -sh "$OUT"/content "$OUT"/ads/* "$OUT"/slate
du -sh "$OUT"
