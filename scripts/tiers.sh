# Timing of CI's tiers, sourced by .ci/run and scripts/test.sh: `tier NAME COMMAND...` runs a command and
# records how long it took in $TIER_TIMES (one "name<TAB>seconds<TAB>status" line each), and `tier_table`
# prints them as a table. .ci/run sets TIER_TIMES for the whole run, so the table at its end has the tiers of
# `npm test` too; scripts/test.sh run alone keeps a file of its own and prints its own table.
tier() {
  local name="$1" start status
  shift
  start=$(date +%s)
  echo "== $name"
  set +e
  "$@"
  status=$?
  set -e
  printf '%s\t%s\t%s\n' "$name" "$(($(date +%s) - start))" "$status" >>"$TIER_TIMES"
  return "$status"
}

tier_table() {
  [ -s "$TIER_TIMES" ] || return 0
  echo
  awk -F'\t' '
    BEGIN { printf "%-50s %9s  %s\n", "tier", "time", "result" }
    { total += $2; printf "%-50s %5dm%02ds  %s\n", $1, $2 / 60, $2 % 60, ($3 == 0 ? "ok" : "failed (" $3 ")") }
    END { printf "%-50s %5dm%02ds\n", "sum of the tiers", total / 60, total % 60 }' "$TIER_TIMES"
  # Tiers that run side by side (the journeys beside the second Node's pass) make the sum longer than the run.
  if [ -n "${TIER_STARTED:-}" ]; then
    local wall=$(($(date +%s) - TIER_STARTED))
    printf '%-50s %5dm%02ds\n' "total (wall clock)" $((wall / 60)) $((wall % 60))
  fi
}
