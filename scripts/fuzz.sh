#!/usr/bin/env bash
# Builds the libFuzzer driver (AddressSanitizer + libFuzzer, own scratch folder) and runs each
# fuzz target in turn for FUZZ_SECONDS (default 60).
#
#   scripts/fuzz.sh [target…]          targets: jpeg metadata library-json keys toml feed media images (default: all)
#   FUZZ_SECONDS=600 scripts/fuzz.sh jpeg
#
# Corpora live in .fuzz/corpus/<target> (git-ignored), seeded from Fuzz/Seeds and, when present,
# ../shared/photos. Crashes, leaks, timeouts and out-of-memory inputs are written to
# .fuzz/crashes/<target>/; copy each to Tests/FuzzRegressionTests/Inputs/<target>/ (the normal test
# suite replays them), fix the code and add a test beside the fix. To reproduce one:
#   .build-fuzz/release/photory-fuzz <target> <file>
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(jpeg metadata library-json keys toml feed media images)
photos=../shared/photos
bin=.build-fuzz/release/photory-fuzz

# The driver target exists only with PHOTORY_FUZZ=1 (see Package.swift). libFuzzer's own main()
# clashes with the one SwiftPM defines for an executable; lld accepts ours, which hands over to
# LLVMFuzzerRunDriver.
PHOTORY_FUZZ=1 swift build -c release --scratch-path .build-fuzz --product photory-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld 2>&1 | grep -v "Cannot export" || true
[ -x "$bin" ] || { echo "fuzz: build failed" >&2; exit 1; }

# Seeds: the hand-written ones, plus the sample photos (whole, for jpeg; behind the mode byte 0
# "whole file", for metadata). libFuzzer cuts every input to -max_len.
seed() {
  local target=$1 dir=.fuzz/seeds/$1
  rm -rf "$dir"; mkdir -p "$dir"
  [ -d "Fuzz/Seeds/$target" ] && cp Fuzz/Seeds/"$target"/* "$dir"/
  if [ -d "$photos" ] && { [ "$target" = jpeg ] || [ "$target" = metadata ]; }; then
    local i=0 f
    while IFS= read -r -d '' f; do
      i=$((i + 1))
      if [ "$target" = jpeg ]; then head -c 65536 "$f" > "$dir/photo-$i"
      else { printf '\0'; head -c 65535 "$f"; } > "$dir/photo-$i"; fi
    done < <(find "$photos" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.mpo' \) -print0)
  fi
  if [ "$target" = media ] && command -v ffmpeg >/dev/null; then
    # A small MP4 behind the mode byte 1, without its 32-byte ftyp box (the target puts one back).
    local clip=.fuzz/seeds/clip.mp4
    ffmpeg -v error -y -f lavfi -i testsrc=size=64x48:rate=5 -t 1 -c:v libx264 -g 2 \
      -metadata location=+48.8577+002.2950/ -metadata creation_time=2024-05-01T12:03:22Z "$clip" &&
      { printf '\1'; tail -c +33 "$clip"; } > "$dir/clip"
    # A Motion Photo: mode 3, the XMP packet up to a NUL, then the JPEG's tail (the clip after it).
    local size; size=$(stat -c %s "$clip")
    { printf '\3<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
      printf '<rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="%s"/>' "$size"
      printf '</rdf:RDF></x:xmpmeta>\0'; cat "$clip"; } > "$dir/motion-clip"
    # A Container:Directory Motion Photo (the primary, then the clip counted back from the end),
    # and a Samsung one (no XMP; the clip in a "MotionPhoto_Data" record of the SEFT trailer).
    { printf '\3<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
      printf '<rdf:Description xmlns:Camera="http://ns.google.com/photos/1.0/camera/" xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" Camera:MotionPhoto="1">'
      printf '<Container:Directory><rdf:Seq><rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>'
      printf '<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="%s" Item:Padding="0"/></rdf:li></rdf:Seq></Container:Directory>' "$size"
      printf '</rdf:Description></rdf:RDF></x:xmpmeta>\0'; cat "$clip"; } > "$dir/motion-directory-clip"
    python3 - "$clip" "$dir/motion-samsung-clip" <<'PY'
import struct, sys
clip = open(sys.argv[1], "rb").read()
name = b"MotionPhoto_Data"
record = b"\0\0\x30\x0a" + struct.pack("<I", len(name)) + name + clip
directory = b"SEFH" + struct.pack("<III", 107, 1, 0x0a300000) + struct.pack("<II", len(record), len(record))
open(sys.argv[2], "wb").write(b"\3<x:xmpmeta xmlns:x='adobe:ns:meta/'/>\0" + record + directory
                              + struct.pack("<I", len(directory)) + b"SEFT")
PY
    rm -f "$clip"
  fi
  if [ "$target" = images ] && command -v convert >/dev/null; then
    # GIF (animated), TIFF with EXIF, 16-bit, two pages, BigTIFF: whole, behind the mode byte 0.
    local work=.fuzz/seeds/images-work
    mkdir -p "$work"
    convert -size 16x12 xc:red xc:blue -loop 0 "$work/anim.gif"
    convert -size 16x12 gradient: -depth 16 "$work/deep.tif"
    convert -size 16x12 xc:green xc:white "$work/pages.tif"
    convert -size 16x12 xc:gray "TIFF64:$work/big.tif"
    command -v exiftool >/dev/null && exiftool -q -overwrite_original -DateTimeOriginal='2020:01:02 03:04:05' \
      -Make=Scanner -GPSLatitude=48.85 -GPSLatitudeRef=N -XMP:Rating=3 -IPTC:Keywords=seed "$work/deep.tif"
    local f
    for f in "$work"/*; do { printf '\0'; cat "$f"; } > "$dir/$(basename "$f")"; done
    rm -rf "$work"
  fi
  return 0
}

export SWIFT_BACKTRACE=enable=no   # libFuzzer and ASan report crashes themselves
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
for target in "${targets[@]}"; do
  seed "$target"
  mkdir -p ".fuzz/corpus/$target" ".fuzz/crashes/$target"
  case $target in
    jpeg|metadata|media|images) max_len=65536 ;;
    *) max_len=4096 ;;
  esac
  dict=()
  [ -f "Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="Fuzz/Dictionaries/$target.dict")
  echo "== fuzz $target for ${seconds}s" >&2
  "$bin" "$target" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix=".fuzz/crashes/$target/" "${dict[@]}" \
    ".fuzz/corpus/$target" ".fuzz/seeds/$target" || echo "fuzz: $target stopped on a finding (see above)" >&2
  ls ".fuzz/crashes/$target" | sed "s|^|  found: .fuzz/crashes/$target/|" >&2 || true
done
