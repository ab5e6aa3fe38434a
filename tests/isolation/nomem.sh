# A device out of page-table memory (uvm_fault.h UVM_GIVE_UP_FAILS; docs/reliability.md "Soak: fault
# storm"): the daemon on 256 KiB of HBM, whose firmware page-table pool holds 8 pages. Client A holds its
# context between two launches with a buffer over two 2 MiB blocks (3 upper tables + 2 L0 tables). Client
# C gets a context (its root table) but cannot map a page: its migrations fail with -ENOMEM, and after
# UVM_GIVE_UP_FAILS of them its fault is answered with failure, so its kernel aborts at once at its own
# VA (status -14) instead of faulting until the launch timeout, and the daemon names the cause. A is
# unaffected (every byte right); once it closed, a new client D runs right (the pool came back).
source tests/isolation/lib.sh
BRK_DIR=$(mktemp -d /tmp/uvs-brk.XXXXXX)
BRK_SOCK=$BRK_DIR/brk.sock
"$UVMSOC" --sim "$SIM_C4" --sim-args "--hbm 256K" serve --listen "$BRK_SOCK" --policy ondemand --max-clients 4 \
  >"$BRK_DIR/serve.log" 2>&1 &
BRK_PID=$!
for i in $(seq 3000); do [ -S "$BRK_SOCK" ] && break; kill -0 "$BRK_PID" 2>/dev/null || break; sleep 0.1; done
[ -S "$BRK_SOCK" ] || { echo "the daemon did not come up:"; cat "$BRK_DIR/serve.log"; exit 1; }
ok=0
fail() { echo "FAIL: $*"; ok=1; }
"$UVMSOC" client --daemon "$BRK_SOCK" --size 2064K --iterations 2 --hold-file "$BRK_DIR/a.va" \
  --release-file "$BRK_DIR/go" >"$BRK_DIR/a.out" 2>&1 & A=$!
for i in $(seq 3000); do [ -f "$BRK_DIR/a.va" ] && break; kill -0 $A 2>/dev/null || break; sleep 0.1; done
[ -f "$BRK_DIR/a.va" ] || fail "client A did not reach its hold"
out=$(timeout 300 "$UVMSOC" client --daemon "$BRK_SOCK" --size 16K --iterations 1 2>&1); rc=$?
echo "$out"
[ $rc -eq 1 ] || fail "client C exit status $rc, want 1"
grep -Eq '^client [0-9]+: iteration 0: launch failed \(status -14, addr 0x[0-9a-f]+\)$' <<<"$out" || fail "client C: no abort"
touch "$BRK_DIR/go"
wait $A || fail "client A exit status"
cat "$BRK_DIR/a.out"
grep -Eq '^client [0-9]+: 2 iterations -> PASS$' "$BRK_DIR/a.out" || fail "client A did not pass"
out=$(client --size 16K --iterations 1 2>&1) || fail "client D exit status"
echo "$out"
grep -Eq '^client [0-9]+: 1 iterations -> PASS$' <<<"$out" || fail "client D did not pass"
sleep 1 # the daemon notices the last end
serve_stop || fail "daemon exit status"
grep -Eq "^serve: client [0-9]+ \(device_id [0-9]+\): pattern: [1-9][0-9]* faults answered with failure: the device is out of memory for their pages \(no page-table page or evictable frame, -ENOMEM 4 times in a row\)$" \
  "$BRK_DIR/serve.log" || fail "the daemon did not name the cause"
teardowns_clean || ok=1
serve_cleanup
exit $ok
