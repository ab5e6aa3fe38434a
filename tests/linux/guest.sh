#!/usr/bin/env bash
# Booted-guest test (issue 16 item 3b; docs/embedded-linux.md, "Booted guest").
# Usage: tests/linux/guest.sh MODE
#   job        the c4 simulator serves a shared file (--host-shm); QEMU boots
#              Debian's arm64 kernel with the project's initramfs
#              (scripts/guest-image.sh) and an ivshmem-plain device backed by
#              that file; the guest's /init (tests/linux/init) runs the
#              aarch64 CLI's main job through /sys/bus/pci/devices/BDF/resource2_wc.
#              Checks on the console: the kernel booted, the driver's CRC line
#              says MATCH with the CRC the build machine's crc32c-file computes,
#              the verdict is PASS, the guest powered off; then QEMU and the
#              simulator exit 0. With UVS_GUEST_NATIVE=1 (default) the native
#              CLI runs the same job over the Unix socket at the same time, and
#              the guest's cycle counts must equal it (lockstep).
#   no-server  the same guest with the ivshmem file but no simulator serving
#              it: the driver fails naming what it expected and what it found.
# Environment: BUILD (default build), SIM_C4, UVS_GUEST_SIZE (input bytes,
# default 8192). The console goes to $BUILD/tests/linux/console-MODE.log.
set -u
mode=${1:-job}
B=${BUILD:-build}
SIM_C4=${SIM_C4:-$B/c4/uvmsoc-sim}
img=$B/guest-aarch64
size=${UVS_GUEST_SIZE:-8192}
native=${UVS_GUEST_NATIVE:-1}
logdir=$B/tests/linux
mkdir -p "$logdir"
console=$logdir/console-$mode.log
d=$(mktemp -d /tmp/uvs-guest.XXXXXX)
simpid= natpid=
cleanup() {
  [ -n "$simpid" ] && kill "$simpid" 2>/dev/null
  [ -n "$natpid" ] && kill "$natpid" 2>/dev/null
  rm -rf "$d"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; echo "--- console ($console):"; tail -n 40 "$console" 2>/dev/null; exit 1; }
for f in "$img/vmlinuz" "$img/initramfs.cpio.gz" "$SIM_C4"; do [ -f "$f" ] || fail "$f missing (make linux-test builds it)"; done
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

t0=$(now)
head -c "$size" "$B/firmware/uvmsoc-fw.elf" >"$d/input"
want=$("$B/tests/e2e/crc32c-file" "$d/input") || fail "crc32c-file"
# The simulator as the native CLI starts it for this job (managed crc32c:
# HBM 128 KiB, run --hbm's minimum for 8 KiB), so that cycle counts compare.
hbm=$(( (size / 4 + 4095) / 4096 * 4096 )); [ $hbm -lt 131072 ] && hbm=131072
if [ "$mode" = job ]; then
  "$SIM_C4" --host-shm "$d/shm" --host-once --host-mem 16M --hbm "$hbm" >"$d/sim.log" 2>&1 &
  simpid=$!
  for _ in $(seq 100); do [ -s "$d/shm" ] && break; sleep 0.1; done
  [ -s "$d/shm" ] || fail "the simulator did not create $d/shm: $(cat "$d/sim.log")"
  if [ "$native" = 1 ]; then
    "$B/host/uvmsoc" --sim "$SIM_C4" run --firmware "$B/firmware/uvmsoc-fw.elf" --kernel-dir "$B/firmware/kernels" \
      --kernel crc32c --variant tile --sbi none --input "$d/input" >"$d/native.out" 2>&1 &
    natpid=$!
  fi
  append="uvs.size=$size"
else
  truncate -s 32M "$d/shm" # what --host-shm would create, but nobody serves it
  append="uvs.size=$size"
fi
fsize=$(stat -c %s "$d/shm")
# -cpu max: every feature QEMU's TCG has (the Debian kernel checks none it needs);
# one vCPU: the job is one thread.
timeout 600 qemu-system-aarch64 -M virt -cpu max -smp 1 -m 256 -nographic -nic none -no-reboot \
  -kernel "$img/vmlinuz" -initrd "$img/initramfs.cpio.gz" \
  -append "console=ttyAMA0 panic=-1 $append" \
  -object "memory-backend-file,id=shm,share=on,mem-path=$d/shm,size=$fsize" \
  -device ivshmem-plain,memdev=shm >"$console" 2>&1
qrc=$?
t1=$(now)
src=0
if [ -n "$simpid" ]; then
  for _ in $(seq 100); do kill -0 "$simpid" 2>/dev/null || break; sleep 0.1; done
  wait "$simpid"; src=$?; simpid=
fi
cat "$console"
echo "--- simulator:"; cat "$d/sim.log" 2>/dev/null | tail -n 5

grep -q '^\[ *[0-9.]*\] Linux version .*' "$console" || grep -q '^Booting Linux' "$console" ||
  grep -q 'uvmsoc-guest: booted Linux' "$console" || fail "the kernel did not boot"
grep -q 'uvmsoc-guest: booted Linux' "$console" || fail "the kernel did not run /init"
grep -q 'reboot: Power down' "$console" || fail "the guest did not power off"
[ $qrc -eq 0 ] || fail "qemu-system-aarch64 exit $qrc"
boot=$(sed -nE 's/.*uvmsoc-guest: booted Linux .*, ([0-9.]+) s since kernel start.*/\1/p' "$console")
job=$(sed -nE 's/.*uvmsoc-guest: job exit [0-9]+, from ([0-9.]+) s to ([0-9.]+) s.*/\1 \2/p' "$console")

if [ "$mode" = no-server ]; then
  grep -q 'uvmsoc-guest: FAIL: job exit 1' "$console" || fail "expected the job to fail with exit 1"
  grep -Eq "no simulator has set up the shared region \(magic 0\) after [0-9]+ ms; is uvmsoc-sim --host-shm serving" \
    "$console" || fail "expected the driver to say no simulator serves the shared region"
  echo "OK: no simulator behind the ivshmem device: the driver says so; boot $boot s, wall $(secs "$t0" "$t1") s"
  exit 0
fi

got=$(sed -nE 's/^crc32c: device 0x([0-9a-f]{8}), host 0x[0-9a-f]{8} -> MATCH\r?$/\1/p' "$console")
[ -n "$got" ] || fail "no 'crc32c: ... -> MATCH' line"
[ "$got" = "$want" ] || fail "the guest's device CRC $got differs from crc32c-file's $want"
grep -q 'uvmsoc-guest: PASS' "$console" || fail "no PASS verdict"
[ $src -eq 0 ] || fail "simulator exit $src"
if [ "$native" = 1 ]; then
  wait "$natpid" || { natpid=; fail "native run failed: $(cat "$d/native.out")"; }
  natpid=
  grep -E ' cycles( |$)' "$d/native.out" | grep -v 'simulation speed' >"$d/native.cyc"
  tr -d '\r' <"$console" | grep -E ' cycles( |$)' | grep -v 'simulation speed' >"$d/guest.cyc"
  [ "$(wc -l <"$d/native.cyc")" -ge 6 ] || fail "native run printed no cycle lines"
  diff "$d/native.cyc" "$d/guest.cyc" || fail "cycle counts differ (native <, guest >)"
  echo "same $(wc -l <"$d/native.cyc") cycle lines as the native CLI over the Unix socket"
fi
set -- $job
echo "OK: crc32c 0x$got MATCH in the guest; boot $boot s (kernel start to /init), job $(secs "$1" "$2") s, total wall $(secs "$t0" "$t1") s"
