# The device broker end to end, one daemon (uvmsoc serve) and its client processes (uvmsoc client), each in
# its own device context. Phases, with the checks of each:
#  1. two processes: B holds its context between two launches while A launches the writing kernel over B's VA:
#     A's launch aborts with an access fault at that VA (its own launch only); meanwhile every kind of malformed
#     message, from further processes, gets an ERROR with the reason and closes only that connection, and an ALLOC
#     with a memfd that could shrink or a LAUNCH with a too long timeout is refused with a status; B then
#     finds its bytes unchanged and its second launch right.
#  2. four processes at once: three run three launches each (every byte checked); the fourth is killed with
#     SIGKILL after its first launch, while the others run; they all pass; its context is torn down.
#  3. a new process gets a context again (a recycled device_id) and runs correctly.
# Every teardown wrote back 0 pages and left every HBM frame free (no context keeps pages between launches).
source tests/isolation/lib.sh
serve_start || exit 1
ok=0
fail() { echo "FAIL: $*"; ok=1; }

# ---- phase 1 ----
"$UVMSOC" client --daemon "$BRK_SOCK" --iterations 2 --hold-file "$BRK_DIR/va" --release-file "$BRK_DIR/go" \
  >"$BRK_DIR/b.out" 2>&1 & B=$!
for i in $(seq 3000); do [ -f "$BRK_DIR/va" ] && break; kill -0 $B 2>/dev/null || break; sleep 0.1; done
client --target-va "$(cat "$BRK_DIR/va")" >"$BRK_DIR/a.out" 2>&1 || fail "intruder exit status"
cat "$BRK_DIR/a.out"
grep -Eq '^client [0-9]+: launch over VA 0x[0-9a-f]+ \(not ours\): status -14, cause 7, VA 0x[0-9a-f]+ -> FAULT IN ITS OWN CONTEXT$' "$BRK_DIR/a.out" || fail "intruder not stopped in its own context"
while read -r kind want; do
  out=$(client --bad "$kind" 2>&1) || fail "--bad $kind exit status"
  echo "$out"
  grep -Eq "^client: --bad $kind: daemon answered ERROR .*$want" <<<"$out" || fail "--bad $kind: reason"
  grep -q "^client: --bad $kind: connection closed by the daemon$" <<<"$out" || fail "--bad $kind: still open"
done <<'KINDS'
short short message: 10 bytes, every message is 320
long long message: more than 320 bytes
magic bad magic 0x4b5242aa
version protocol version 9
type unknown command 66
nargs 15 launch arguments \(at most 14\)
name name is not NUL-terminated within 128 bytes
reply not a request: HELLO \(type 129\)
KINDS
# well-formed requests the daemon refuses, the connection staying open: a memfd that could shrink, a long timeout
for kind in unsealed timeout; do
  out=$(client --bad "$kind" 2>&1) || fail "--bad $kind exit status"
  echo "$out"
  grep -Eq "^client: --bad $kind: (ALLOC|LAUNCH) refused: (Operation not permitted|Invalid argument)$" <<<"$out" || fail "--bad $kind: not refused"
  grep -q "^client: --bad $kind: connection still served$" <<<"$out" || fail "--bad $kind: connection dropped"
done
touch "$BRK_DIR/go"
wait $B || fail "holder exit status"
cat "$BRK_DIR/b.out"
grep -Eq '^client [0-9]+: after the hold: 16384 bytes checked -> MATCH$' "$BRK_DIR/b.out" || fail "holder's bytes changed"
grep -Eq '^client [0-9]+: 2 iterations -> PASS$' "$BRK_DIR/b.out" || fail "holder did not finish"

# ---- phase 2 ----
for i in 1 2 3; do "$UVMSOC" client --daemon "$BRK_SOCK" --iterations 3 --size 32K >"$BRK_DIR/c$i.out" 2>&1 & eval P$i=$!; done
"$UVMSOC" client --daemon "$BRK_SOCK" --iterations 100000 --size 64K >"$BRK_DIR/k.out" 2>&1 & K=$!
for i in $(seq 3000); do grep -q '^client [0-9]*: iteration 0' "$BRK_DIR/k.out" && break; kill -0 $K 2>/dev/null || break; sleep 0.1; done
kill -9 $K; wait $K 2>/dev/null
wait $P1 || fail "client 1 of 3"; wait $P2 || fail "client 2 of 3"; wait $P3 || fail "client 3 of 3"
cat "$BRK_DIR"/c*.out "$BRK_DIR/k.out"
[ "$(cat "$BRK_DIR"/c*.out | grep -c ': 3 iterations -> PASS$')" = 3 ] || fail "not all three passed"
kd=$(grep -Eo '^client [0-9]+: device context' "$BRK_DIR/k.out" | grep -Eo '[0-9]+' | head -1)

# ---- phase 3 ----
client --iterations 1 >"$BRK_DIR/n.out" 2>&1 || fail "new client after the kill"
cat "$BRK_DIR/n.out"
sleep 1  # the daemon notices the last end
serve_stop || fail "daemon exit status"
grep -Eq "\(device_id $kd\): connection (closed|lost during its launch); context torn down: 1 allocations \(65536 bytes\)" "$BRK_DIR/serve.log" || fail "no teardown of the killed client"
[ "$(grep -Eo ': device_id [0-9]+$' "$BRK_DIR/serve.log" | sort -u | wc -l)" -ge 4 ] || fail "fewer than four contexts"
[ "$(grep -Ec ': pattern: status -14(;|$)' "$BRK_DIR/serve.log")" = 1 ] || fail "not exactly one faulting launch"
teardowns_clean || ok=1
serve_cleanup
exit $ok
