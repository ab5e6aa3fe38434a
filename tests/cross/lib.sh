# Helpers for tests/cross.tests (source after tests/lib.sh): the cross-built
# CLIs (make cross-clis: $BUILD/cross-ARCH/host/uvmsoc) run under Debian's
# qemu-user with the cross C library (/usr/ARCH-linux-gnu); they start the
# build machine's c4 simulator like the native CLI does.
#
# cross_cli ARCH ARGS...
#   Run the ARCH CLI under qemu-ARCH with the build tree's simulator,
#   firmware and kernels named explicitly.
# cross_is_target ARCH
#   The ARCH CLI is an ELF of that machine that needs only the C library
#   (libelf, libfdt and zlib linked statically).
# cross_same_as_native ARCH FILE
#   crc32c over FILE by the native CLI and by the ARCH CLI, run at the same
#   time, each with its own simulator: both exit 0 with MATCH, the device CRC
#   equals the crc32c-file helper's, and the statistics lines counted in
#   cycles are identical (lockstep makes them deterministic).

CROSS_B=${BUILD:-build}
export SIM_C4=${SIM_C4:-$CROSS_B/c4/uvmsoc-sim}
export FIRMWARE_ELF=${FIRMWARE_ELF:-$CROSS_B/firmware/uvmsoc-fw.elf}
unset UVMSOC_SOCKET

cross_cli() {
  local arch=$1; shift
  local cmd=$1; shift
  qemu-"$arch" -L /usr/"$arch"-linux-gnu "$CROSS_B/cross-$arch/host/uvmsoc" --sim "$SIM_C4" "$cmd" \
    --firmware "$FIRMWARE_ELF" --kernel-dir "$CROSS_B/firmware/kernels" "$@"
}

cross_is_target() {
  local arch=$1 f=$CROSS_B/cross-$1/host/uvmsoc machine info needed
  case $arch in aarch64) machine='AArch64' ;; riscv64) machine='RISC-V' ;; *) echo "unknown arch $arch"; return 1 ;; esac
  info=$(readelf -h "$f") || return 1
  grep -Eq "Machine: +$machine\$" <<<"$info" || { echo "$f is not an $machine ELF:"; echo "$info"; return 1; }
  needed=$(readelf -d "$f" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p' | tr '\n' ' ')
  echo "$f: $machine, needs: $needed"
  ! grep -Eq 'libelf|libfdt|libz' <<<"$needed" || { echo "links the target libraries dynamically"; return 1; }
}

cross_same_as_native() {
  local arch=$1 file=$2 d want rc_n rc_c
  d=$(mktemp -d /tmp/uvs-cross.XXXXXX)
  want=$("$CROSS_B/tests/e2e/crc32c-file" "$file") || { rm -rf "$d"; return 1; }
  "$CROSS_B/host/uvmsoc" --sim "$SIM_C4" run --firmware "$FIRMWARE_ELF" --kernel-dir "$CROSS_B/firmware/kernels" \
    --kernel crc32c --input "$file" >"$d/native" 2>&1 &
  local pid=$!
  cross_cli "$arch" run --kernel crc32c --input "$file" >"$d/cross" 2>&1; rc_c=$?
  wait $pid; rc_n=$?
  echo "--- native (exit $rc_n)"; cat "$d/native"; echo "--- $arch under qemu-$arch (exit $rc_c)"; cat "$d/cross"
  local r=0 f got
  for f in native cross; do
    got=$(sed -nE 's/^crc32c: device 0x([0-9a-f]{8}), host 0x[0-9a-f]{8} -> MATCH$/\1/p' "$d/$f")
    [ "$got" = "$want" ] || { echo "$f: device CRC '$got', crc32c-file says $want"; r=1; }
  done
  [ $rc_n -eq 0 ] && [ $rc_c -eq 0 ] || { echo "expected exit 0 from both"; r=1; }
  grep -E ' cycles( |$)' "$d/native" | grep -v 'simulation speed' >"$d/native.cyc"
  grep -E ' cycles( |$)' "$d/cross" | grep -v 'simulation speed' >"$d/cross.cyc"
  [ "$(wc -l <"$d/native.cyc")" -ge 6 ] || { echo "missing cycle lines"; r=1; }
  if ! diff "$d/native.cyc" "$d/cross.cyc"; then echo "cycle counts differ (above: native <, $arch >)"; r=1; fi
  [ $r -eq 0 ] && echo "same CRC 0x$want and $(wc -l <"$d/native.cyc") identical cycle lines"
  rm -rf "$d"
  return $r
}
