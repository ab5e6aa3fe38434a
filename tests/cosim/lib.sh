# Helpers for tests/cosim.tests (source after tests/lib.sh).
#
# with_sim [SIMULATOR OPTIONS...] -- COMMAND...
#   Starts $SIM (default build/base/uvmsoc-sim) with --host-socket on a fresh
#   socket and the given options, exports UVMSOC_SOCKET, runs COMMAND (a
#   command or shell function), stops the simulator with SIGTERM and prints
#   its output. Returns COMMAND's status, or 1 when the simulator did not
#   start or did not exit 0.
# sim_start [SIMULATOR OPTIONS...] / sim_stop
#   The two halves, for tests that act on the simulator meanwhile
#   ($SIM_PID, $UVMSOC_SOCKET, $SIM_DIR are set by sim_start).

UVMSOC=${BUILD:-build}/host/uvmsoc
export SIM=${SIM:-build/base/uvmsoc-sim}
# tests/lib.sh's helpers, for `bash -c` inside with_sim
export -f expect_exit expect_output expect_exit_output
PROBE=${BUILD:-build}/tests/cosim/cosim_probe

sim_start() {
  SIM_DIR=$(mktemp -d /tmp/uvs-cosim.XXXXXX)
  export UVMSOC_SOCKET=$SIM_DIR/sim.sock
  "${SIM:-build/base/uvmsoc-sim}" --host-socket "$UVMSOC_SOCKET" "$@" >"$SIM_DIR/sim.log" 2>&1 &
  SIM_PID=$!
  local i
  for i in $(seq 200); do
    [ -S "$UVMSOC_SOCKET" ] && return 0
    kill -0 "$SIM_PID" 2>/dev/null || break
    sleep 0.05
  done
  echo "with_sim: the simulator did not start:"; cat "$SIM_DIR/sim.log"
  return 1
}

# sim_stop: SIGTERM, wait, print the simulator's output; its exit status.
sim_stop() {
  local rc log
  kill -TERM "$SIM_PID" 2>/dev/null
  wait "$SIM_PID"; rc=$?
  log=$(cat "$SIM_DIR/sim.log")
  rm -rf "$SIM_DIR"   # before printing: a reader that stops early (grep -q) must not leave it
  echo "--- simulator output (exit $rc) ---"; echo "$log"
  return $rc
}

with_sim() {
  local opts=() rc
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do opts+=("$1"); shift; done
  shift
  sim_start "${opts[@]}" || return 1
  "$@"; rc=$?
  sim_stop || { echo "with_sim: the simulator failed"; [ $rc -ne 0 ] || rc=1; }
  return $rc
}

# same_output CMD...: run CMD twice (each with its own simulator via with_sim
# inside CMD) and fail unless both outputs are identical and contain a cycle count.
same_output() {
  local a b
  a=$("$@" 2>&1); b=$("$@" 2>&1)
  echo "$a"
  if [ "$a" != "$b" ]; then echo "second run differs:"; diff <(echo "$a") <(echo "$b"); return 1; fi
  grep -Eq '[0-9]+ cycles' <<<"$a" || { echo "no cycle counts in the output"; return 1; }
}

# kill_midrun: start a long DMA test, kill the simulator (SIGKILL) while it
# runs; the CLI must fail (exit 1) within 30 s naming the closed connection.
kill_midrun() {
  local out rc
  sim_start || return 1
  "$UVMSOC" dma-test --size 16M --rounds 1000 >"$SIM_DIR/cli.log" 2>&1 &
  local cli=$!
  sleep 1
  kill -KILL "$SIM_PID"; wait "$SIM_PID" 2>/dev/null
  for i in $(seq 300); do kill -0 $cli 2>/dev/null || break; sleep 0.1; done
  if kill -0 $cli 2>/dev/null; then kill -KILL $cli; echo "the CLI hangs after the simulator died"; return 1; fi
  wait $cli; rc=$?
  out=$(cat "$SIM_DIR/cli.log"); echo "$out"; rm -rf "$SIM_DIR"
  [ $rc -eq 1 ] || { echo "expected exit 1, got $rc"; return 1; }
  grep -Eq 'closed the connection|ended the session' <<<"$out" || { echo "no reason given"; return 1; }
}

# stale_socket: a simulator killed with SIGKILL leaves its socket file: the
# CLI must say nobody listens there, and a new simulator takes the path over.
stale_socket() {
  local sock rc
  sim_start || return 1
  sock=$UVMSOC_SOCKET
  kill -KILL "$SIM_PID"; wait "$SIM_PID" 2>/dev/null
  [ -S "$sock" ] || { echo "no stale socket left"; rm -rf "$SIM_DIR"; return 1; }
  expect_exit_output 1 "no simulator at $sock .*Connection refused" "$UVMSOC" --socket "$sock" info; rc=$?
  if [ $rc -eq 0 ]; then
    "${SIM:-build/base/uvmsoc-sim}" --host-socket "$sock" --host-once >"$SIM_DIR/sim2.log" 2>&1 &
    local pid=$! i
    for i in $(seq 200); do [ -S "$sock" ] && "$UVMSOC" --socket "$sock" info >/dev/null 2>&1 && break; sleep 0.05; done
    wait $pid; rc=$?
    echo "restarted simulator on the stale path: exit $rc"; cat "$SIM_DIR/sim2.log"
  fi
  rm -rf "$SIM_DIR"
  return $rc
}
