#!/usr/bin/env bash
# check-trap.sh MT_TB [mt-tb options]: runs tests/mt/mt-trap.elf and checks
# that the testbench exits 2 (a thread trapped) and reports every expected
# thread end of mt-trap.S with its block/thread, cause and tval, and that
# no other thread failed. Needs $BUILD (tests/run.sh).
set -u
tb=$1; shift
out=$("$tb" "$@" "$BUILD/mt_tb/tests/mt-trap.elf" 2>&1); rc=$?
echo "$out"
fail=0
[ "$rc" -eq 2 ] || { echo "check-trap: expected exit 2, got $rc" >&2; fail=1; }
# "thread T cause C epc .. tval V" (block 0 when the grid has one block of >= 11 threads)
expect() {
  grep -Eq -- "$1" <<<"$out" || { echo "check-trap: missing /$1/" >&2; fail=1; }
}
expect 'thread 1 cause 5 epc 0x[0-9a-f]{16} tval 0x0000000040000008$'
expect 'thread 2 cause 7 epc 0x[0-9a-f]{16} tval 0x0000000040000010$'
expect 'thread 3 cause 4 epc 0x[0-9a-f]{16} tval 0x00000000800[0-9a-f]{4}[13579bdf]$'
expect 'thread 4 cause 2 epc 0x[0-9a-f]{16} tval 0x00000000cc001073$'
expect 'thread 5 cause 3 epc 0x(00000000800[0-9a-f]{5}) tval 0x\1$'
expect 'thread 6 cause 2 epc 0x[0-9a-f]{16} tval 0x0000000030002573$'
expect 'thread 7 cause 0 epc 0x[0-9a-f]{16} tval 0x00000000800[0-9a-f]{4}[26ae]$'
expect 'thread 8 cause 1 epc 0x0000000040000000 tval 0x0000000040000000$'
expect 'thread 9 status 42$'
expect 'thread 10 cause 7 epc 0x[0-9a-f]{16} tval 0x0000000040000050$'
n=$(grep -Ec '^mt-tb: (abort|exit) ' <<<"$out")
[ "$n" -eq 10 ] || { echo "check-trap: expected 10 abnormal ends, got $n" >&2; fail=1; }
exit $fail
