#!/usr/bin/env bash
# Builds the libFuzzer harnesses (preset `fuzz`: clang, ASan + UBSan) and runs each for SECONDS
# (default 60) on its seeds: the repository's example and test programs, the shared examples,
# and fuzz/regressions/<harness>/ (every input that once crashed, kept as a regression).
#   fuzz/run.sh [SECONDS]
# Exit 0 without findings; 1 with a finding (the input is saved in build/fuzz/findings/ and its
# path printed); 77 when clang or libFuzzer is missing (skipped). Longer runs: a larger SECONDS,
# or the harness itself (build/fuzz/bin/fuzz_c -help=1). Harnesses: fuzz_ivl, fuzz_c, fuzz_pipeline.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
if ! command -v clang++ >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "skipped: clang++ or libFuzzer (libclang-rt-dev) is not installed"
  exit 77
fi
cmake --preset fuzz >/dev/null || exit 1
# A build failure is a finding too (clang rejects what GCC accepts): show its errors.
if ! cmake --build build/fuzz --target fuzz_ivl fuzz_c fuzz_pipeline >build/fuzz/build.log 2>&1; then
  echo "the fuzz build (clang) failed:"
  grep -E "error|FAILED" build/fuzz/build.log | head -20
  exit 1
fi
shared=../shared/examples

# One harness for SECONDS on its seeds; its exit status is the finding's.
fuzz_one() {
  local h=$1 work=build/fuzz/corpus/$1 findings=build/fuzz/findings/$1
  mkdir -p "$work" "$findings"
  local seeds=(fuzz/regressions/$h)
  if [ $h = ivl ]; then seeds+=(examples/ivl tests/ir/bad tests/classify/ivl tests/vcgen/soundness)
  elif [ $h = pipeline ]; then seeds+=(examples/ivl tests/classify/ivl tests/rac/ivl); else
    seeds+=(examples/c tests/frontend-c/good tests/frontend-c/bad); [ -d $shared ] && seeds+=($shared); fi
  local existing=()
  for s in "${seeds[@]}"; do [ -d "$s" ] && existing+=("$s"); done
  echo "fuzz_$h: $seconds s on ${existing[*]}"
  build/fuzz/bin/fuzz_$h "$work" "${existing[@]}" -max_total_time="$seconds" -timeout=20 \
    -rss_limit_mb=4096 -artifact_prefix="$findings/" -print_final_stats=1 \
    > "build/fuzz/fuzz_$h.log" 2>&1
}

# The three harnesses side by side: each still fuzzes for SECONDS, and the run takes SECONDS,
# not three times as long (the test suite waits for it alone).
harnesses=(ivl c pipeline)
pids=()
for h in "${harnesses[@]}"; do
  fuzz_one $h &
  pids+=($!)
done
status=0
for i in "${!harnesses[@]}"; do
  h=${harnesses[$i]}
  if ! wait "${pids[$i]}"; then
    echo "fuzz_$h: FINDING (build/fuzz/fuzz_$h.log):"
    grep -E "ERROR|SUMMARY|artifact" "build/fuzz/fuzz_$h.log" | head -5
    status=1
  else
    grep -E "^stat::number_of_executed_units" "build/fuzz/fuzz_$h.log" | sed "s/^/fuzz_$h: /"
  fi
done
exit $status
