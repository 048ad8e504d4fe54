#!/usr/bin/env bash
# One entry point for people and CI: installs what is missing, builds, then runs a job.
#   ./build.sh demo   release build, then a diagnosis of a bundled example (examples/c/max_index.c)
#   ./build.sh test   sanitizer build (ASan + UBSan), then the whole test suite
#   ./build.sh setup  only install the Debian packages
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake ninja-build g++ tao-pegtl-dev libz3-dev libcvc5-dev libboost-dev librange-v3-dev
  nlohmann-json3-dev libcli11-dev libyaml-cpp-dev libgtest-dev libjemalloc-dev python3)
# Only for the tests: a small mutation campaign as a Slurm job array on a single-node cluster
# that the test starts itself (tests/bench/slurm_campaign_test.sh).
test_packages=(munge slurmctld slurmd slurm-client)
# Only for tests that are skipped without them, installed when possible: the fuzz test
# (fuzz/run.sh) and the HTML report's browser test (tests/html/browser_test.py).
optional_test_packages=(clang libclang-rt-dev chromium)

setup() {
  local missing=()
  # The SARIF test validates against the published schema with python3's jsonschema: the Debian
  # package, unless the python3 on the PATH already has the module.
  python3 -c "import jsonschema" 2>/dev/null || packages+=(python3-jsonschema)
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Installs what it can of its arguments; a package that cannot be had only skips its test.
optional() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null 2>&1 || echo "not installed: ${missing[*]} (their tests are skipped)"
}

build() {
  cmake --preset "$@" >/dev/null
  cmake --build --preset "$1"
}

case "${1:-}" in
  setup) setup ;;
  demo)
    setup
    build release
    # A diagnosis of a failed proof: exit code 1 (a goal is not proved) is what the demo shows.
    build/release/bin/triage diagnose examples/c/max_index.c || [ $? -eq 1 ]
    ;;
  test)
    packages+=("${test_packages[@]}")
    setup
    optional "${optional_test_packages[@]}"
    # A fresh build, most often: the libraries in batches (TRIAGE_UNITY, CMakeLists.txt).
    build debug -DTRIAGE_UNITY=ON
    # Two tests side by side on two cores: each proves its goals one at a time (no -j default).
    TRIAGE_JOBS=1 ctest --preset debug -j 2
    ;;
  *)
    echo "usage: $0 demo|test|setup" >&2
    exit 2
    ;;
esac
