#!/usr/bin/env bash
# Times `triage diagnose --strategy model` on the bundled examples (a benchmark, never a CI test).
#   bench/run.sh [TRIAGE] [FILES...]
# TRIAGE defaults to build/release/bin/triage; FILES default to examples/ivl/isqrt_S7.ivl and the
# shared C examples the model strategy must diagnose. Uses hyperfine when installed (warm-up
# run, statistics), plain `time` otherwise. The target: isqrt S7 in well under a second.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
triage="${1:-$root/build/release/bin/triage}"
shift || true
shared="$root/../shared/examples"
if [ $# -gt 0 ]; then
  files=("$@")
else
  files=("$root/examples/ivl/isqrt_S7.ivl")
  for f in isqrt/S7.c isqrt/S4.c isqrt/S5.c subcontracts/set_x.c subcontracts/call_sw.c \
    subcontracts/call_nc.c loops/sqrt_bug.c loops/sqrt_weak.c; do
    [ -f "$shared/$f" ] && files+=("$shared/$f")
  done
fi
[ -x "$triage" ] || { echo "bench: no triage binary at $triage (build it first)" >&2; exit 2; }

for f in "${files[@]}"; do
  cmd="$triage diagnose $f --strategy model --format json"
  if command -v hyperfine >/dev/null; then
    # diagnose exits 1 when a goal fails: that is the expected outcome here.
    hyperfine --warmup 1 --runs 5 -i --style basic -n "$(basename "$f")" "$cmd"
  else
    start=$(date +%s%N)
    $cmd >/dev/null || true
    end=$(date +%s%N)
    printf '%-28s %6d ms\n' "$(basename "$f")" $(((end - start) / 1000000))
  fi
done
