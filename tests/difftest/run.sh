#!/usr/bin/env bash
# tests/difftest/run.sh - differential test of the core against QEMU 7.2.
#
# For each seed: difftest-gen writes a random body (checked by lint-body.sh:
# x8 never written), which is assembled once
# and linked into two harnesses at the same addresses (link.ld): Linux user
# (reference: qemu-riscv64, U mode) and bare metal (DUT: uvmsoc-sim, or
# qemu-system-riscv64 -machine virt, M mode). Both print the same text
# signature (registers x1..x31, data region); any difference, or a side that
# does not end normally, is a mismatch: the seed, the first differing
# register or memory word, the first divergent body instruction (DUT core:
# localise.py on both sides' traces) and a reproduction command are printed
# and the program is kept. Afterwards the generator's coverage over all seeds is
# checked (every RV64IMA key, and C with --rvc, emitted at least once).
#
# Options:
#   --seeds FIRST:COUNT   seeds FIRST .. FIRST+COUNT-1 (default 1:50)
#   --count N             instructions per program (default 2000)
#   --rvc                 compressed instructions too
#   --dut core|qemu-system  the bare-metal side (default core)
#   --sim PATH            uvmsoc-sim (default $SIM, else $BUILD/base/uvmsoc-sim)
#   --max-cycles N        core cycle limit (default 200 x count + 1,000,000)
#   --perturb             bare side flips bit 0 of x5 (negative test)
#   --ref-cpu CPU         qemu-riscv64 -cpu for the reference (default: an
#                         RV64IMA(C) hart; 'rv64' = QEMU's default with F, D,
#                         Zb*: negative test of the encoding probes)
#   --omit KEY            generator never emits KEY (negative test)
#   --gen-only            generate and check coverage only
#   --no-coverage         skip the coverage check
#   --keep                keep every program, not only mismatches
#   --out DIR             work directory (default $BUILD/difftest/run)
# Environment: BUILD (default build): the generator and harness objects
# come from $BUILD/difftest (make difftest-tools).
# Exit status: 0 all equal and coverage complete, 1 mismatch or coverage
# gap, 2 usage or tool error.
set -u

seeds=1:50 count=2000 rvc=0 dut=core sim=${SIM:-} max_cycles='' perturb=0 gen_only=0
coverage=1 keep=0 out='' omit=() ref_cpu=''
build=${BUILD:-build}
die() { echo "difftest: $*" >&2; exit 2; }
need() { [ $# -ge 2 ] || die "option $1 needs a value"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) need "$@"; seeds=$2; shift ;;
    --count) need "$@"; count=$2; shift ;;
    --rvc) rvc=1 ;;
    --dut) need "$@"; dut=$2; shift ;;
    --sim) need "$@"; sim=$2; shift ;;
    --max-cycles) need "$@"; max_cycles=$2; shift ;;
    --perturb) perturb=1 ;;
    --ref-cpu) need "$@"; ref_cpu=$2; shift ;;
    --omit) need "$@"; omit+=(--omit "$2"); shift ;;
    --gen-only) gen_only=1 ;;
    --no-coverage) coverage=0 ;;
    --keep) keep=1 ;;
    --out) need "$@"; out=$2; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (--help)" ;;
  esac
  shift
done
[[ $seeds =~ ^([0-9]+):([0-9]+)$ ]] || die "--seeds wants FIRST:COUNT, got '$seeds'"
first=${BASH_REMATCH[1]} nseeds=${BASH_REMATCH[2]}
[[ $count =~ ^[1-9][0-9]*$ ]] || die "--count wants a positive number, got '$count'"
case $dut in core|qemu-system) ;; *) die "--dut wants core or qemu-system, got '$dut'" ;; esac
[ -n "$max_cycles" ] || max_cycles=$((200 * count + 1000000))
[ -n "$sim" ] || sim=$build/base/uvmsoc-sim
[ -n "$out" ] || out=$build/difftest/run

obj=$build/difftest
gen=$obj/difftest-gen
for f in "$gen" "$obj/harness_bare.o" "$obj/harness_linux.o" "$obj/dump.o" "$obj/dump-perturb.o"; do
  [ -e "$f" ] || die "$f missing: run 'make difftest-tools'"
done
if [ $gen_only = 0 ]; then
  command -v qemu-riscv64 >/dev/null || die "qemu-riscv64 missing (Debian package qemu-user)"
  if [ "$dut" = core ]; then
    [ -x "$sim" ] || die "$sim missing: run 'make sim'"
  else
    command -v qemu-system-riscv64 >/dev/null || die "qemu-system-riscv64 missing (package qemu-system-misc)"
  fi
fi

RV=riscv64-unknown-elf-
body_flags=(-march=rv64ima_zifencei -mabi=lp64 -mno-relax -Itests/difftest)
# shellcheck disable=SC2054 # -Wl,... is one argument
link_flags=(-nostdlib -nostartfiles -static -T tests/difftest/link.ld -Wl,--no-warn-rwx-segments
            -misa-spec=2.2 -march=rv64ima -mabi=lp64)
dump_bare=$obj/dump.o
[ $perturb = 1 ] && dump_bare=$obj/dump-perturb.o
# QEMU as an RV64IMA(C) hart: its default CPU has F, D, V, H and Zb*, whose
# encodings the probes (probe.c) expect to be illegal.
qemu_cpu=rv64,f=false,d=false,v=false,h=false,zba=false,zbb=false,zbc=false,zbs=false,Zfh=false,Zfhmin=false
if [ $rvc = 1 ]; then qemu_cpu+=,c=true; else qemu_cpu+=,c=false; fi
[ -n "$ref_cpu" ] || ref_cpu=$qemu_cpu
genflags=(--count "$count" "${omit[@]}")
[ $rvc = 1 ] && genflags+=(--rvc)
repro="tests/difftest/run.sh --count $count --dut $dut${omit[*]:+ ${omit[*]}}"
[ $rvc = 1 ] && repro+=" --rvc"
[ $perturb = 1 ] && repro+=" --perturb"
[ "$ref_cpu" = "$qemu_cpu" ] || repro+=" --ref-cpu $ref_cpu"

rm -rf "$out"
mkdir -p "$out/cov" || die "cannot create $out"

# report SEED DIR LINE: the first differing line of the two signatures.
report() {
  local seed=$1 dir=$2 n=$3 a b
  a=$(sed -n "${n}p" "$dir/ref.txt") b=$(sed -n "${n}p" "$dir/dut.txt")
  case "$a" in
    x[0-9][0-9]\ *) echo "  seed $seed: first difference: register ${a%% *}: qemu-user ${a#* }, $dut ${b#* }" ;;
    m\ *) echo "  seed $seed: first difference: memory word 0x$(cut -d' ' -f2 <<<"$a"): qemu-user $(cut -d' ' -f3 <<<"$a"), $dut $(cut -d' ' -f3 <<<"$b")" ;;
    *) echo "  seed $seed: first difference at line $n: qemu-user '${a}', $dut '${b}'" ;;
  esac
}

# where DIR PC SEED: the body instruction at PC (hex) from the bare ELF.
where() {
  local pc=${2#0x}
  while [[ $pc == 0?* ]]; do pc=${pc#0}; done
  ${RV}objdump -d "$1/bare.elf" 2>/dev/null | grep -m1 "^ *$pc:" | sed "s/^/  seed $3: at: /"
}

# localise DIR SEED: re-run both sides traced (uvmsoc-sim --log-retired,
# qemu-riscv64 -singlestep -d cpu on the body and the SIGILL handler) and
# print the first divergent body instruction (localise.py).
localise() {
  local dir=$1 h e
  h=$(${RV}nm "$dir/linux.elf" | awk '$3 == "dt_sigill" { print $1 }')
  e=$(${RV}nm "$dir/linux.elf" | awk '$3 == "difftest_end" { print $1 }')
  [ -n "$h" ] && [ -n "$e" ] || return 0
  "$sim" --max-cycles "$max_cycles" --log-retired "$dir/core.retire" "$dir/bare.elf" >/dev/null 2>&1
  timeout 120 qemu-riscv64 -cpu "$ref_cpu" -singlestep -d cpu -dfilter "0x80010000..0x$e,0x$h+4" \
    -D "$dir/qemu.cpu" "$dir/linux.elf" >/dev/null 2>&1
  python3 tests/difftest/localise.py "$dir/core.retire" "$dir/qemu.cpu" "$h" "$e" 2>&1 | sed "s/^/  seed $2: /"
}

mismatches=0 errors=0 total=0
for ((s = first; s < first + nseeds; s++)); do
  dir=$out/seed-$s
  mkdir -p "$dir"
  if ! "$gen" --seed "$s" "${genflags[@]}" -o "$dir/body.S" --coverage "$out/cov/$s.txt"; then
    echo "difftest: seed $s: generator failed"; errors=$((errors + 1)); continue
  fi
  if ! tests/difftest/lint-body.sh "$dir/body.S"; then
    echo "difftest: seed $s: generated body breaks the x8 invariant (kept in $dir)"; errors=$((errors + 1)); continue
  fi
  total=$((total + count))
  if [ $gen_only = 1 ]; then
    [ $keep = 1 ] || rm -rf "$dir"
    continue
  fi
  if ! ${RV}gcc "${body_flags[@]}" -c "$dir/body.S" -o "$dir/body.o" ||
     ! ${RV}gcc "${link_flags[@]}" "$obj/harness_linux.o" "$obj/dump.o" "$dir/body.o" -o "$dir/linux.elf" ||
     ! ${RV}gcc "${link_flags[@]}" "$obj/harness_bare.o" "$dump_bare" "$dir/body.o" -o "$dir/bare.elf"; then
    echo "difftest: seed $s: build failed (program kept in $dir)"; errors=$((errors + 1)); continue
  fi
  timeout 60 qemu-riscv64 -cpu "$ref_cpu" "$dir/linux.elf" >"$dir/ref.txt" 2>"$dir/ref.err"
  ref_rc=$?
  if [ "$dut" = core ]; then
    "$sim" --max-cycles "$max_cycles" "$dir/bare.elf" >"$dir/dut.txt" 2>"$dir/dut.err"
  else
    timeout 60 qemu-system-riscv64 -machine virt -cpu "$qemu_cpu" -bios none -m 64M -smp 1 -display none \
      -monitor none -serial stdio -kernel "$dir/bare.elf" >"$dir/dut.txt" 2>"$dir/dut.err" </dev/null
  fi
  dut_rc=$?
  if [ $ref_rc = 0 ] && [ $dut_rc = 0 ] && cmp -s "$dir/ref.txt" "$dir/dut.txt"; then
    [ $keep = 1 ] || rm -rf "$dir"
    continue
  fi
  mismatches=$((mismatches + 1))
  echo "difftest: MISMATCH seed $s ($count instructions$([ $rvc = 1 ] && echo ", rvc"))"
  if [ $ref_rc != 0 ]; then
    sig=; [ $ref_rc -gt 128 ] && sig=" (signal $((ref_rc - 128)))"
    echo "  seed $s: qemu-user exit status $ref_rc$sig: $(tail -n1 "$dir/ref.err")"
  fi
  if [ $dut_rc != 0 ]; then
    echo "  seed $s: $dut exit status $dut_rc: $(tail -n1 "$dir/dut.txt") $(tail -n1 "$dir/dut.err")"
    mepc=$(sed -n 's/^trap .*mepc=\([0-9a-f]*\).*/\1/p' "$dir/dut.txt" | tail -n1)
    [ -n "$mepc" ] && where "$dir" "$mepc" "$s"
  fi
  c=$(cmp "$dir/ref.txt" "$dir/dut.txt" 2>&1)
  line=$(sed -n 's/.* line \([0-9]*\).*/\1/p' <<<"$c")
  [ -n "$line" ] && [[ $c == *EOF* ]] && line=$((line + 1)) # one side ended early
  [ -n "$line" ] && [ $ref_rc = 0 ] && [ $dut_rc = 0 ] && report "$s" "$dir" "$line"
  [ "$dut" = core ] && localise "$dir" "$s"
  echo "  seed $s: program kept in $dir; reproduce: $repro --seeds $s:1"
done

status=0
if [ $gen_only = 0 ]; then
  echo "difftest: $nseeds programs, $total instructions generated, $mismatches mismatches, $errors errors (qemu-user vs $dut)"
fi
[ $mismatches = 0 ] || status=1
[ $errors = 0 ] || status=2
if [ $coverage = 1 ] && [ $errors = 0 ]; then
  covflags=()
  [ $rvc = 1 ] && covflags+=(--rvc)
  "$gen" --check-coverage "${covflags[@]}" "$out"/cov/*.txt || { [ $status != 0 ] || status=1; }
fi
exit $status
