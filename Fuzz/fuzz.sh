#!/usr/bin/env bash
# Builds every fuzz target and runs each, one after the other, for FUZZ_SECONDS (default 60).
# Usage: Fuzz/fuzz.sh [target ...]   (targets: front-matter site-config markdown mustache
# http-request editing exif svg palette; all by default). Working corpora grow in .build/fuzz/corpus/<target>,
# seeded from Fuzz/Corpus/<target>; a crash is saved in .build/fuzz/crashes/ and fails the run.
# Prints, per target, the executions, the seconds fuzzed and executions per second.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-60}
SWIFT=${SWIFT:-swift}
CLANG=${CLANG:-$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/clang}
declare -A BINARY=(
  [front-matter]=Fuzz/.build/debug/FuzzFrontMatter [site-config]=Fuzz/.build/debug/FuzzSiteConfig
  [markdown]=Fuzz/.build/debug/FuzzMarkdown [mustache]=Fuzz/.build/debug/FuzzMustache
  [http-request]=Fuzz/.build/debug/FuzzHTTPRequest [editing]=Fuzz/.build/debug/FuzzEditing [exif]=Fuzz/.build/fuzz-exif
  [svg]=Fuzz/.build/fuzz-svg [palette]=Fuzz/.build/fuzz-palette
)
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(front-matter site-config markdown mustache http-request editing exif svg palette)
for target in "${TARGETS[@]}"; do
  [ -n "${BINARY[$target]:-}" ] || { echo "unknown fuzz target: $target (known: ${!BINARY[*]})"; exit 2; }
done
# The Swift package is built only when a Swift target is asked for (the C ones build in seconds).
swift_wanted=0
for target in "${TARGETS[@]}"; do case $target in exif|svg|palette) ;; *) swift_wanted=1 ;; esac; done

# (Leak detection is off: LeakSanitizer takes Swift globals, such as a target's constant
# context, for leaks when the process exits.)
# Swift targets: address sanitizer and libFuzzer's coverage in every module (the parsers
# included); libFuzzer itself is linked into the fuzz targets only (Fuzz/Package.swift).
# The linker's "Cannot export local symbol" warnings (one per ASan helper) are dropped.
if [ $swift_wanted -eq 1 ]; then
  "$SWIFT" build --package-path Fuzz -c debug -Xswiftc -sanitize=address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table 2>&1 \
    | { grep -v "Cannot export local symbol" || true; }
fi
mkdir -p Fuzz/.build
"$CLANG" -g -O1 -fsanitize=fuzzer,address $(pkg-config --cflags vips) -I Sources/CVipsShim/include \
  -I Sources/CVipsShim Fuzz/CSources/fuzz_exif.c -ljpeg -lm -o Fuzz/.build/fuzz-exif 2>&1 \
  | { grep -v "Cannot export local symbol" || true; }
"$CLANG" -g -O1 -fsanitize=fuzzer,address $(pkg-config --cflags vips librsvg-2.0 cairo) -I Sources/CVipsShim/include \
  -I Sources/CVipsShim Fuzz/CSources/fuzz_svg.c Sources/CVipsShim/libraries.c $(pkg-config --libs gobject-2.0) -ldl -lm \
  -o Fuzz/.build/fuzz-svg 2>&1 | { grep -v "Cannot export local symbol" || true; }
"$CLANG" -g -O1 -fsanitize=fuzzer,address $(pkg-config --cflags vips) -I Sources/CVipsShim/include -I Sources/CVipsShim \
  Fuzz/CSources/fuzz_palette.c Sources/CVipsShim/png_palette.c Sources/CVipsShim/png_deflate.c Sources/CVipsShim/ssim.c \
  Sources/CVipsShim/webp_lossless.c Sources/CVipsShim/libraries.c -ldeflate -ldl -lm \
  -o Fuzz/.build/fuzz-palette 2>&1 | { grep -v "Cannot export local symbol" || true; }

mkdir -p .build/fuzz/crashes
summary=()
failed=0
for target in "${TARGETS[@]}"; do
  corpus=.build/fuzz/corpus/$target
  mkdir -p "$corpus"
  log=.build/fuzz/$target.log
  echo "== fuzzing $target for ${SECONDS_EACH}s (log: $log)"
  # The Swift runtime's crash backtracer would trip over AddressSanitizer: libFuzzer reports.
  if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "${BINARY[$target]}" "$corpus" "Fuzz/Corpus/$target" \
       -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
       -artifact_prefix=".build/fuzz/crashes/$target-" -print_final_stats=1 -detect_leaks=0 > "$log" 2>&1; then
    failed=1
    grep -E "ERROR|Precondition|Fatal|SUMMARY|Test unit written" "$log" | head -5 || true
  fi
  runs=$(grep -m1 -oE "^stat::number_of_executed_units: *[0-9]+" "$log" | grep -oE "[0-9]+$" || echo 0)
  secs=$(grep -m1 -oE "^Done [0-9]+ runs in [0-9]+" "$log" | grep -oE "[0-9]+$" || echo "$SECONDS_EACH (stopped)")
  rate=$(grep -m1 -oE "^stat::average_exec_per_sec: *[0-9]+" "$log" | grep -oE "[0-9]+$" || echo 0)
  summary+=("$(printf '%-13s %12s runs %5s s %9s exec/s' "$target" "$runs" "$secs" "$rate")")
done
printf '%s\n' "${summary[@]}"
if [ $failed -ne 0 ]; then echo "fuzzing found a crash: see .build/fuzz/crashes/"; exit 1; fi
