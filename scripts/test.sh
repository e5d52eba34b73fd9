#!/usr/bin/env bash
# All the tests: units and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
# then the browser journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# Chromium for the browser journeys, poppler for the PDF checks, PostgreSQL's binaries for the fault
# tests (they start a private server of their own).
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing ${missing[*]} for the tests..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "The tests need: ${missing[*]} (apt-get install ${missing[*]})." >&2
    exit 1
  fi
fi

npx vitest run
npm run build
npx playwright test
