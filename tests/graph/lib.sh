# Helpers for tests/graph.tests (source after tests/lib.sh).
#
# graph_kernels_one_device
#   Starts one c4 simulator ($SIM_C4) and runs every graph workload kernel on
#   it in turn (the firmware boots once; each `uvmsoc run` after the first
#   finds it running), each result checked on the host by the CLI: bfs on a
#   Kronecker graph (scale 10) in HBM, bfs and pagerank (load and tile
#   variants) on the package graph of tests/graph/dumpavail-small.txt on
#   managed memory, strided (load and tile), then a kernel posing as bfs
#   (negative control) and bfs/pagerank given a column outside the graph
#   (exit status 4 on every thread, named). Prints every run; fails at the
#   first run that does not say what it must.
# csr_u32 FILE INDEX: the INDEX-th little-endian u32 after FILE's 32-byte header.

GRAPH_CLI=${BUILD:-build}/host/uvmsoc
SIM_C4=${SIM_C4:-${BUILD:-build}/c4/uvmsoc-sim}
unset UVMSOC_SOCKET

csr_u32() {
  od -An -tu4 -j $((32 + 4 * $2)) -N 4 "$1" | tr -d ' '
}

# graph_run REGEX RUN-ARGS...: one `uvmsoc run` on the test's simulator; exit 0 and REGEX in its output.
graph_run() {
  local re=$1 out rc; shift
  echo "== uvmsoc run $*"
  out=$("$GRAPH_CLI" run "$@" 2>&1); rc=$?
  echo "$out" | grep -v '^  '
  [ $rc -eq 0 ] || { echo "FAIL: exit $rc: run $*"; return 1; }
  grep -Eq -- "$re" <<<"$out" || { echo "FAIL: no /$re/: run $*"; return 1; }
}

graph_kernels_one_device() {
  local d rc=0 pid kd
  kd=$(sed -nE 's/^#define UVS_KERNEL_DATA_BASE UVS_U64\((0x[0-9a-fA-F]+)\)$/\1/p' "${BUILD:-build}/gen/include/uvmsoc/kernel.h")
  [ -n "$kd" ] || { echo "no UVS_KERNEL_DATA_BASE in the generated kernel.h"; return 1; }
  d=$(mktemp -d /tmp/uvs-graph.XXXXXX)
  "$GRAPH_CLI" graph convert --kronecker 10 --seed 3 -o "$d/k10.csr" >/dev/null &&
    "$GRAPH_CLI" graph convert --dumpavail-file tests/graph/dumpavail-small.txt -o "$d/pkg.csr" >/dev/null ||
    { rm -rf "$d"; return 1; }
  "$SIM_C4" --host-socket "$d/sim.sock" >"$d/sim.log" 2>&1 &
  pid=$!
  for _ in $(seq 200); do [ -S "$d/sim.sock" ] && break; sleep 0.05; done
  export UVMSOC_SOCKET=$d/sim.sock
  cp "${BUILD:-build}/firmware/kernels/memcpy.elf" "$d/bfs.elf"         # negative control: memcpy posing as bfs
  cp "${BUILD:-build}/firmware/kernels/bfs.elf" "$d/bfs-args.elf"       # bfs and pagerank with hand-made arguments
  cp "${BUILD:-build}/firmware/kernels/pagerank.elf" "$d/pagerank-args.elf"
  {
    graph_run '^bfs: 1024 vertices, [0-9]+ edges, root [0-9]+: [0-9]+ levels, [0-9]+ vertices reached; levels and parents checked on the host -> MATCH$' \
      --kernel bfs --graph "$d/k10.csr" &&
    graph_run '^bfs: 46 vertices, 198 edges, root 18: [0-9]+ levels, [0-9]+ vertices reached; levels and parents checked on the host -> MATCH$' \
      --kernel bfs --graph "$d/pkg.csr" --managed &&
    graph_run '^pagerank: 46 vertices, 198 edges, 10 iterations \(Q32.32, damping 0.85\): ranks checked on the host -> MATCH' \
      --kernel pagerank --graph "$d/pkg.csr" --managed &&
    graph_run '^pagerank: 46 vertices, 198 edges, 7 iterations \(Q32.32, damping 0.85\): ranks checked on the host -> MATCH' \
      --kernel pagerank --graph "$d/pkg.csr" --iterations 7 --managed --variant tile &&
    graph_run '^pagerank: 1024 vertices, [0-9]+ edges, 2 iterations .* -> MATCH' \
      --kernel pagerank --graph "$d/k10.csr" --iterations 2 --managed --variant tile &&
    graph_run '^strided: 300 elements of 24 bytes at a stride of 40 bytes checked on the host -> MATCH$' \
      --kernel strided --count 300 --elem-size 24 --stride 40 &&
    graph_run '^strided: 500 elements of 48 bytes at a stride of 136 bytes checked on the host -> MATCH$' \
      --kernel strided --count 500 --elem-size 48 --stride 136 --managed --variant tile &&
    { echo "== negative control"; expect_exit_output 1 '^bfs: MISMATCH at vertex [0-9]+' \
        "$GRAPH_CLI" run --kernel "$d/bfs.elf" --graph "$d/pkg.csr"; } &&
    # offsets = the argument block's reserved word's high half (0) and arg0's low word (0x8058100c), columns = arg0
    # itself: row 0's first edge names vertex 0x8058100c, far above n = 2; 4 threads, one meets it
    { echo "== bad column"; expect_exit_output 1 'exited with status 4 \(a column index not below the graph.s vertex count\)$' \
        "$GRAPH_CLI" run --kernel "$d/bfs-args.elf" --args $((kd + 12)),$((kd + 16)),2,0,0x1000000000,0x1000001000,0x1000002000; } &&
    expect_exit_output 1 'exited with status 4 \(a column index not below the graph.s vertex count\)$' \
        "$GRAPH_CLI" run --kernel "$d/pagerank-args.elf" --args $((kd + 12)),$((kd + 16)),0x1000000000,2,1,0x1000001000,0x1000002000
  } || rc=1
  kill -TERM $pid 2>/dev/null; wait $pid
  [ $rc -eq 0 ] || { echo "--- simulator output ---"; tail -20 "$d/sim.log"; }
  rm -rf "$d"
  return $rc
}
