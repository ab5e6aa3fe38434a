#!/usr/bin/env bash
# retire-diff.sh SIM_A SIM_B PROGRAM.elf [SIMULATOR OPTIONS...]
# Runs PROGRAM on two simulators with --log-retired and compares the retire
# traces (hart, pc, instruction bits, rd, value written) line by line. The
# cycle column is dropped, and so are the values read from the free-running
# counters (CSRs cycle 0xc00, time 0xc01, mcycle 0xb00), which depend on
# the core's timing, and the value of a later load or move (addi rd, rs, 0)
# equal to one of those reads (a copy: a register move, a restore from the
# stack, in 32-bit or 16-bit form); PROGRAM must not otherwise compute with them. The simulator
# stops in the cycle the program's tohost store is performed, when a
# pipeline may not have reported the (at most 2) instructions before it
# yet: one trace may miss up to 2 final lines of the other. Both runs must
# exit with the same status. Exit 0 if the traces agree and are not empty;
# 1 with the first difference.
set -u
[ $# -ge 3 ] || { echo "usage: $0 SIM_A SIM_B PROGRAM.elf [OPTIONS...]" >&2; exit 2; }
sim_a=$1 sim_b=$2 prog=$3; shift 3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

"$sim_a" --log-retired "$tmp/a.log" "$@" "$prog" >"$tmp/a.out" 2>&1; rc_a=$?
"$sim_b" --log-retired "$tmp/b.log" "$@" "$prog" >"$tmp/b.out" 2>&1; rc_b=$?
if [ "$rc_a" -ne "$rc_b" ]; then
  echo "exit status differs: $sim_a $rc_a, $sim_b $rc_b" >&2; exit 1
fi

# Fields: cycle hart pc insn rd wdata. Counter reads: SYSTEM opcode,
# funct3 != 0, CSR address in bits 31:20.
norm() {
  python3 -c '
import sys
seen = set()
def copy16(insn):
    # 16-bit copies (unprivileged ch. 16): C.LW, C.LD (quadrant 0, funct3
    # 010/011), C.LWSP, C.LDSP (quadrant 2, funct3 010/011), C.MV (quadrant
    # 2, funct4 1000, rs2 != 0)
    if insn >> 16 or insn & 3 == 3:
        return False
    q, f3 = insn & 3, insn >> 13
    return (q in (0, 2) and f3 in (2, 3)) or (q == 2 and insn >> 12 == 8 and (insn >> 2) & 31 != 0)
for line in open(sys.argv[1]):
    f = line.split()
    insn = int(f[3], 16)
    if insn & 0x7f == 0x73 and (insn >> 12) & 7 and insn >> 20 in (0xc00, 0xc01, 0xb00):
        seen.add(f[5])
        f[5] = "counter"
    elif f[5] in seen and (insn & 0x7f == 0x03 or insn & 0xfff0707f == 0x13 or copy16(insn)):
        f[5] = "counter-copy"
    print(" ".join(f[1:]))
' "$1"
}
norm "$tmp/a.log" >"$tmp/a.txt"
norm "$tmp/b.log" >"$tmp/b.txt"
na=$(wc -l <"$tmp/a.txt"); nb=$(wc -l <"$tmp/b.txt")
n=$(( na < nb ? na : nb ))
[ "$n" -gt 0 ] || { echo "empty retire trace" >&2; exit 1; }
if [ $((na - nb)) -gt 2 ] || [ $((nb - na)) -gt 2 ] ||
   ! cmp -s <(head -n "$n" "$tmp/a.txt") <(head -n "$n" "$tmp/b.txt"); then
  echo "retire traces differ ($na / $nb lines):" >&2
  diff "$tmp/a.txt" "$tmp/b.txt" | head -n 6 >&2
  exit 1
fi
echo "retire traces identical: $n instructions ($na / $nb lines), exit status $rc_a"
