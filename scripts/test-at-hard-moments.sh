#!/usr/bin/env bash
# Runs the integration suites that book under libfaketime at moments where date arithmetic breaks:
# a Tuesday 23:50 (tomorrow is a Wednesday, the day flips during the run), a Sunday 00:10 (the week
# begins on Monday, tomorrow is a working day), the night the clocks go forward and the night they go back
# (Europe/Berlin), a Thursday (six days ahead is a Wednesday, when the demo's weekly series sits). No test
# may depend on the weekday, the hour or the demo's bookings around now.
#
#   scripts/test-at-hard-moments.sh                 every moment, every booking suite
#   scripts/test-at-hard-moments.sh tuesday         one moment (tuesday | sunday | summer | winter | thursday)
#   scripts/test-at-hard-moments.sh sunday test/integration/lockers.int.test.ts   one moment, given files
#
# The clock is shifted by an offset (FAKETIME="+seconds"), not started at a fixed time ("@…"): with "@" every
# process starts its own clock at that moment, so vitest's workers would run behind the process that seeded the
# template database. With an offset all processes share one clock that runs on from the moment; the run starts
# at the moment and the day changes while it runs. FAKETIME_DONT_FAKE_MONOTONIC keeps Node's timers on the real
# monotonic clock.
#
# PGlite only: PGlite runs inside the Node process, so now() and current_date in SQL read the faked clock.
# A PostgreSQL server is a process of its own that faketime does not reach; its now() would be today while the
# application believes it is 2027, and every comparison of a stored instant with now() in SQL would test the
# mismatch of two clocks, not Buchbar. DATABASE_URL is therefore removed for these runs.
set -u
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null; then
  echo "faketime fehlt: apt-get install -y faketime" >&2
  exit 2
fi

# Instants in UTC; the comment gives the wall clock in Berlin.
declare -A MOMENT=(
  [tuesday]='2027-03-23 22:50:00'  # Tue 23:50 CET
  [sunday]='2027-03-20 23:10:00'   # Sun 00:10 CET
  [summer]='2027-03-28 00:50:00'   # Sun 01:50 CET, 02:00 becomes 03:00 CEST
  [winter]='2027-10-31 00:50:00'   # Sun 02:50 CEST, 03:00 becomes 02:00 CET
  [thursday]='2027-03-25 09:00:00' # Thu 10:00 CET: six days ahead is a Wednesday, the demo series' day
)
ORDER=(tuesday sunday summer winter thursday)

BOOKING_SUITES=(
  test/integration/vehicle-bookings.int.test.ts
  test/integration/vehicle-series.int.test.ts
  test/integration/vehicle-privacy-and-times.int.test.ts
  test/integration/reading-room-bookings.int.test.ts
  test/integration/reading-room-one-place-and-people.int.test.ts
  test/integration/booking-series.int.test.ts
  test/integration/guests.int.test.ts
  test/integration/demo-day.int.test.ts
  test/integration/logbook.int.test.ts
  test/integration/absence.int.test.ts
  test/integration/team-seating.int.test.ts
  test/integration/lockers.int.test.ts
  test/integration/evaluation.int.test.ts
  test/integration/fleet-costs.int.test.ts
  test/integration/vehicle-care.int.test.ts
)

moments=("${ORDER[@]}")
if [ $# -gt 0 ] && [ -n "${MOMENT[$1]+x}" ]; then
  moments=("$1")
  shift
fi
files=("$@")
[ ${#files[@]} -eq 0 ] && files=("${BOOKING_SUITES[@]}")

failed=()
for m in "${moments[@]}"; do
  target=$(date -u -d "${MOMENT[$m]} UTC" +%s)
  offset=$((target - $(date -u +%s)))
  echo "== ${m}: $(TZ=Europe/Berlin date -d "@${target}" '+%a %d.%m.%Y %H:%M %Z') (${#files[@]} Dateien)"
  if ! env -u DATABASE_URL FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "+${offset}" \
    npx vitest run --project int "${files[@]}"; then
    failed+=("$m")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "Fehlgeschlagen zu: ${failed[*]}"
  exit 1
fi
echo "Alle Zeitpunkte grün: ${moments[*]}"
