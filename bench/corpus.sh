#!/usr/bin/env bash
# triage (and, when installed, Frama-C WP) on the ACSL by Example corpus, file by file: see
# bench/corpus.py for the columns. Extra arguments go to corpus.py (--frama-c, --diagnose, --out).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
corpus="${CORPUS:-$here/../../shared/corpus/acsl-by-example/StandardAlgorithms}"
wp=()
command -v frama-c >/dev/null && wp=(--frama-c)
exec python3 "$here/corpus.py" "$corpus" "${wp[@]}" "$@"
