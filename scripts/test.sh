#!/usr/bin/env bash
# All the tests: units and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
# then the browser journeys in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Chromium for the browser journeys..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils >/dev/null
  else
    echo "The browser journeys need Chromium at /usr/bin/chromium (apt-get install chromium)." >&2
    exit 1
  fi
fi

npx vitest run
npm run build
npx playwright test
