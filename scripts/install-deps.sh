#!/usr/bin/env bash
# Installs the Debian packages tabletop needs. Idempotent and non-interactive:
# it only calls apt-get when something is missing.
set -euo pipefail
packages=(g++ cmake make ninja-build pkg-config libgtest-dev libgmock-dev googletest
          libbenchmark-dev nlohmann-json3-dev libcli11-dev clang-format
          libvalijson-dev python3-jsonschema   # the data files' JSON Schemas: C++ loaders, Python tests
          clang libclang-rt-dev   # clang + its libFuzzer/sanitizer runtimes: the fuzz targets
          lld                     # the linker: 5x faster than GNU ld on our debug binaries
          libboost1.81-dev        # the server: Boost.Beast/Asio (header-only parts)
          libsimdjson-dev         # the load generator: reads server frames without JSON trees
          libssl-dev              # the server: SHA-256 of seat tokens, random tokens
          libsqlite3-dev          # the server's default store
          libpqxx-dev postgresql  # the PostgreSQL store, and a real server for its tests
          haproxy                 # the proxy in front of a cluster (make cluster, the cluster tests)
          chromium chromium-driver   # browser tests (headless, driven by playwright-core)
          pybind11-dev python3-dev python3-numpy python3-pytest  # the Python package and its tests
          python3-distributed python3-matplotlib)  # tabletop-sim: Dask clusters, PNG reports
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm build the browser client (web/); any packaging of them will do
# (Debian's nodejs + npm, or NodeSource's nodejs, which carries npm).
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  missing+=(nodejs npm)
fi
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
