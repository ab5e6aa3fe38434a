# Helpers for tests/ivshmem.tests (source after tests/lib.sh): the ivshmem
# backend on the build machine, through the file `uvmsoc-sim --host-shm`
# serves (the same file a QEMU guest maps as its ivshmem BAR2).
#
# shm_cli FILE-VAR CLI-ARGS...
#   Start the c4 simulator on a fresh shared file (--host-once), run the CLI
#   with --device ivshmem:FILE and CLI-ARGS, wait for the simulator; exit
#   status of the CLI, or 1 when the simulator did not exit 0 or left its file.
# shm_same_as_socket CLI-ARGS...
#   The same command over --host-shm and over the Unix socket (--sim): both
#   exit 0 and print identical output (lockstep: the same cycle counts).

B=${BUILD:-build}
SIM_C4=${SIM_C4:-$B/c4/uvmsoc-sim}

shm_cli() {
  local d rc src
  d=$(mktemp -d /tmp/uvs-shm.XXXXXX)
  "$SIM_C4" --host-shm "$d/shm" --host-once --host-mem 1M >"$d/sim.log" 2>&1 &
  local pid=$!
  for _ in $(seq 100); do [ -s "$d/shm" ] && break; sleep 0.05; done
  "$B/host/uvmsoc" --device "ivshmem:$d/shm" "$@"; rc=$?
  wait $pid; src=$?
  if [ $src -ne 0 ]; then echo "simulator exit $src:"; cat "$d/sim.log"; rc=1; fi
  if [ -e "$d/shm" ]; then echo "the simulator left $d/shm behind"; rc=1; fi
  rm -rf "$d"
  return $rc
}

shm_same_as_socket() {
  local d r=0
  d=$(mktemp -d /tmp/uvs-shm.XXXXXX)
  shm_cli "$@" >"$d/shm.out" 2>&1 || r=1
  "$B/host/uvmsoc" --sim "$SIM_C4" --sim-args "--host-mem 1M" "$@" >"$d/sock.out" 2>&1 || r=1
  echo "--- over --host-shm:"; cat "$d/shm.out"; echo "--- over the Unix socket:"; cat "$d/sock.out"
  diff "$d/sock.out" "$d/shm.out" || { echo "outputs differ (socket <, shm >)"; r=1; }
  rm -rf "$d"
  return $r
}
