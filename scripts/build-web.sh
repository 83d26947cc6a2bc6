#!/usr/bin/env bash
# Builds the browser client (web/ -> web/dist) with npm from its lockfile.
# Idempotent: `npm ci` only when node_modules is missing or older than the
# lockfile; quiet on success (npm's output is shown only when a step fails).
set -euo pipefail
cd "$(dirname "$0")/../web"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run() {
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    echo "build-web: '$*' failed" >&2
    exit 1
  fi
}
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then
  run npm ci --no-audit --no-fund --loglevel=error
  touch node_modules
fi
# Up to date: nothing the bundle is made of is newer than it.
stamp=dist/assets/app.js
if [ -f "$stamp" ] && [ -z "$(find src build.mjs package.json package-lock.json tsconfig.json \
    ../data/suikoden/cards.json ../data/ddm/pool.json -newer "$stamp" -print -quit)" ]; then
  exit 0
fi
run npm run build --silent
