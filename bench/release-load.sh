#!/usr/bin/env bash
# The release load alone, for profiling and for taking parts away (docs/performance.md): starts
# bench/external/app-server.ts on a fresh PostgreSQL database, runs bench/external/release-client.ts
# (eight loops, a buyer and seller each) for SECONDS, and prints node's and PostgreSQL's CPU per release,
# read from /proc over the middle of the run. PostgreSQL on 127.0.0.1 as user postgres.
#
#   bench/release-load.sh 15                                        # 15 s of releases
#   SETUP='drop index postings_account_created_idx' bench/release-load.sh 15   # SQL run after seeding
#   PERF=1 bench/release-load.sh 15 && perf report -i /tmp/release-load.perf --sort comm,dso
#   NODE_ARGS=--perf-basic-prof-only-functions PERF=1 bench/release-load.sh 15   # with JS names
#   DBSTATS=1 bench/release-load.sh 15    # also rows written and scans per table
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_RUN=${1:-15}
DB=release_load_$$
OUT=$(mktemp -d)
PG=(-h 127.0.0.1 -U postgres)
createdb "${PG[@]}" "$DB"
# shellcheck disable=SC2086
BENCH_PG_URL="postgres://postgres@127.0.0.1:5432/$DB" node ${NODE_ARGS:-} --import tsx bench/external/app-server.ts \
  >"$OUT/app.out" 2>"$OUT/app.err" &
APP=$!
cleanup() {
  kill "$APP" 2>/dev/null || true
  wait "$APP" 2>/dev/null || true
  dropdb "${PG[@]}" --force "$DB"
  rm -rf "$OUT"
}
trap cleanup EXIT
until grep -q '^READY' "$OUT/app.out"; do
  kill -0 "$APP" 2>/dev/null || { cat "$OUT/app.err"; exit 1; }
  sleep 0.5
done
INFO=$(sed -n 's/^READY //p' "$OUT/app.out")
get() { node -e "const i = JSON.parse(process.argv[1]); console.log($1)" "$INFO"; }
PORT=$(get i.port)
PAIRS=$(get 'JSON.stringify(i.pairs)')
[ -n "${SETUP:-}" ] && psql -q "${PG[@]}" "$DB" -c "$SETUP"
client() { BENCH_RUN_SECONDS=$1 BENCH_RELEASE_PAIRS="$PAIRS" node --import tsx bench/external/release-client.ts "$PORT"; }
client 3 >/dev/null # warm-up
client "$SECONDS_RUN" >"$OUT/client.json" &
CLIENT=$!
sleep 1
WINDOW=$((SECONDS_RUN - 3))
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null; }
# PostgreSQL: each backend of the bench database from its reading at the start (zero if born later) to its
# last reading, sampled every 0.2 s. The pools close connections idle for 10 s and open new ones, so a sum
# over the backends alive at both ends would drop or add a backend's whole life.
pg_sample() { for p in $(pgrep -f "postgres: .*$DB"); do t=$(ticks "$p") && [ -n "$t" ] && echo "$p $t"; done; }
if [ -n "${PERF:-}" ]; then
  perf record -F 999 -a -g -o /tmp/release-load.perf -- sleep "$WINDOW"
else
  N0=$(ticks "$APP")
  pg_sample >"$OUT/pg0"
  (while :; do pg_sample; sleep 0.2; done) >"$OUT/pgs" &
  SAMPLER=$!
  sleep "$WINDOW"
  N1=$(ticks "$APP")
  kill "$SAMPLER"
  wait "$SAMPLER" 2>/dev/null || true
  pg_sample >>"$OUT/pgs"
  PG_TICKS=$(awk 'NR == FNR { base[$1] = $2; next } { last[$1] = $2 }
    END { for (p in last) s += last[p] - (p in base ? base[p] : 0); print s + 0 }' "$OUT/pg0" "$OUT/pgs")
fi
wait "$CLIENT"
cat "$OUT/client.json" >&2
[ -n "${PERF:-}" ] && exit 0
# Releases in the window, from the client's rate; a tick is 10 ms (USER_HZ 100).
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const [window, node, pg] = process.argv.slice(2).map(Number);
  const n = (r.releases * window) / r.seconds;
  const ms = (t) => ((t * 10) / n).toFixed(2);
  console.log(`${(n / window).toFixed(0)} releases/s; CPU per release: node ${ms(node)} ms + PostgreSQL ${ms(pg)} ms = ${ms(node + pg)} ms`);
' "$OUT/client.json" "$WINDOW" "$((N1 - N0))" "$PG_TICKS"
# DBSTATS=1: rows written and scans per table, and the database's commits, over the whole run.
[ -n "${DBSTATS:-}" ] && psql -q "${PG[@]}" "$DB" \
  -c "select relname, n_tup_ins, n_tup_upd, n_tup_del, seq_scan, idx_scan from pg_stat_user_tables
      where n_tup_ins + n_tup_upd + n_tup_del > 0 order by relname" \
  -c "select xact_commit, xact_rollback, blks_hit from pg_stat_database where datname = current_database()"
# Updates that stayed on their page (HOT: no index entries written) against all updates, per table.
psql -q "${PG[@]}" "$DB" -c "select relname as table, n_tup_upd as updates, n_tup_hot_upd as hot
  from pg_stat_user_tables where n_tup_upd > 0 order by n_tup_upd desc"
