# The multi-context fault storm (issue 18 item 6; docs/reliability.md "Soak: fault storm"):
# one broker daemon (uvmsoc serve, policy ondemand: one 4 KiB page per fault) on a small HBM, and
# STORM_CLIENTS client processes (uvmsoc client --tile), each in its own device context, each writing
# STORM_SIZE bytes of its own memory with the tile kernel pattern_tile STORM_ITERS times and checking every
# byte after each launch. Every launch starts with no page in HBM (the daemon writes every page back after
# a launch), so each launch faults every page of its client: migrations, evictions and write-backs all the way.
# Launches run one at a time, in the order the clients ask; each launch's faults do not depend on that order.
# Checks: every client passes (every byte of every launch right), the daemon's totals reach STORM_FAULTS
# faults with 0 lost, 0 duplicated, 0 failures, evictions and write-backs, every record forwarded by the
# device read by the host, and every teardown left HBM empty.
# Environment (defaults: the 10^6-fault soak of `make soak`, hours of simulation):
#   STORM_SIM      simulator (default $BUILD/c1/uvmsoc-sim: one compute hart simulates fastest)
#   STORM_HBM      simulator --hbm (default 4M: about 950 frames for the managed pages beside the
#                  page-table pool of 68 pages, which 4 contexts of 16 MiB need: 3 upper tables + 8 L0 each)
#   STORM_CLIENTS  client processes = device contexts (default 4)
#   STORM_SIZE     bytes per client (default 16M: 4,096 pages, 4,096 faults a launch, 4x HBM)
#   STORM_ITERS    launches per client (default 62: 4 x 62 x 4,096 = 1,015,808 faults)
#   STORM_FAULTS   faults the totals must reach (default 1000000)
source tests/isolation/lib.sh
STORM_SIM=${STORM_SIM:-${BUILD:-build}/c1/uvmsoc-sim}
STORM_HBM=${STORM_HBM:-4M}
STORM_CLIENTS=${STORM_CLIENTS:-4}
STORM_SIZE=${STORM_SIZE:-16M}
STORM_ITERS=${STORM_ITERS:-62}
STORM_FAULTS=${STORM_FAULTS:-1000000}

BRK_DIR=$(mktemp -d /tmp/uvs-storm.XXXXXX)
BRK_SOCK=$BRK_DIR/brk.sock
"$UVMSOC" --sim "$STORM_SIM" --sim-args "--hbm $STORM_HBM" serve --listen "$BRK_SOCK" --policy ondemand \
  --max-clients "$STORM_CLIENTS" >"$BRK_DIR/serve.log" 2>&1 &
BRK_PID=$!
for i in $(seq 3000); do [ -S "$BRK_SOCK" ] && break; kill -0 "$BRK_PID" 2>/dev/null || break; sleep 0.1; done
[ -S "$BRK_SOCK" ] || { echo "the daemon did not come up:"; cat "$BRK_DIR/serve.log"; exit 1; }

ok=0
fail() { echo "FAIL: $*"; ok=1; }
pids=()
for k in $(seq "$STORM_CLIENTS"); do
  client --size "$STORM_SIZE" --iterations "$STORM_ITERS" --seed "$k" --tile >"$BRK_DIR/c$k.out" 2>&1 & pids+=($!)
done
for k in $(seq "$STORM_CLIENTS"); do wait "${pids[$((k - 1))]}" || fail "client $k exit status"; done
sleep 1 # the daemon notices the last end
serve_stop || fail "daemon exit status"
for k in $(seq "$STORM_CLIENTS"); do
  tail -n 2 "$BRK_DIR/c$k.out"
  grep -q "^client [0-9]*: $STORM_ITERS iterations -> PASS$" "$BRK_DIR/c$k.out" || fail "client $k did not pass"
done
tot=$(grep '^serve: totals: ' "$BRK_DIR/serve.log")
echo "$tot"
re='^serve: totals: ([0-9]+) contexts, launches ([0-9]+); faults ([0-9]+) \(unique ([0-9]+) = migrated ([0-9]+) .* forwarded by the device ([0-9]+)\); failures ([0-9]+); pages in ([0-9]+), evictions ([0-9]+), write-backs ([0-9]+); lost ([0-9]+), duplicated ([0-9]+)$'
if [[ $tot =~ $re ]]; then
  m=("${BASH_REMATCH[@]}")
  [ "${m[1]}" -eq "$STORM_CLIENTS" ] || fail "contexts ${m[1]}, want $STORM_CLIENTS"
  [ "${m[2]}" -eq $((STORM_CLIENTS * STORM_ITERS)) ] || fail "launches ${m[2]}"
  [ "${m[3]}" -ge "$STORM_FAULTS" ] || fail "faults ${m[3]}, want at least $STORM_FAULTS"
  [ "${m[3]}" -eq "${m[6]}" ] || fail "records ${m[3]} != forwarded ${m[6]}"
  [ "${m[7]}" -eq 0 ] || fail "failures ${m[7]}"
  [ "${m[9]}" -gt 0 ] && [ "${m[10]}" -gt 0 ] || fail "no evictions or no write-backs"
  [ "${m[11]}" -eq 0 ] || fail "lost ${m[11]}"
  [ "${m[12]}" -eq 0 ] || fail "duplicated ${m[12]}"
else
  fail "no totals line"
fi
teardowns_clean || ok=1
serve_cleanup
exit $ok
