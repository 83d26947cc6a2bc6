#!/usr/bin/env bash
# Builds the browser client (web/ -> web/dist) with npm from its lockfile.
set -euo pipefail
cd "$(dirname "$0")/../web" 2>/dev/null || { echo "build-web: no web/ yet"; exit 0; }
[ -f package.json ] || { echo "build-web: no web/package.json yet"; exit 0; }
