#!/usr/bin/env bash
# Usage: tests/firmware/qemu-sbi.sh DTB FIRMWARE.elf REGEX
# The reference run of the S-mode firmware: QEMU 7.2's virt machine (whose
# UART, CLINT and PLIC sit at uvmsoc's addresses) boots Debian's OpenSBI
# fw_jump with DTB, which enters FIRMWARE.elf at 0x80200000 in S mode.
# QEMU's virt machine has no HTIF, so the run ends when the console shows
# REGEX (pass), "FAIL" or "fatal trap" (fail), or after 20 s (fail).
# Echoes the console.
set -u
sbi=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf  # the reference: Debian's opensbi
[ $# -eq 3 ] || { echo "usage: $0 DTB FIRMWARE.elf REGEX" >&2; exit 2; }
for f in "$1" "$2" "$sbi"; do [ -r "$f" ] || { echo "$0: cannot read $f" >&2; exit 2; }; done
log=$(mktemp); trap 'rm -f "$log"' EXIT
qemu-system-riscv64 -M virt -m 64M -smp 1 -nographic -bios "$sbi" -kernel "$2" -dtb "$1" >"$log" 2>&1 &
pid=$!
rc=1
# QEMU's serial console ends lines with CR LF: compare without the CRs.
console() { tr -d '\r' <"$log"; }
for _ in $(seq 200); do
  if console | grep -Eq -- "$3"; then rc=0; break; fi
  if console | grep -Eq 'FAIL|fatal trap' || ! kill -0 $pid 2>/dev/null; then break; fi
  sleep 0.1
done
kill $pid 2>/dev/null; wait $pid 2>/dev/null
console
[ $rc -eq 0 ] || echo "$0: console does not show /$3/" >&2
exit $rc
