#!/bin/sh
# Mutation check of the IOMMU RTL's invalidation logic (issue 18 item 5) and
# of the set-associative IOTLB's indexing (issue 15 item 2) and the
# write-permission page request (tc.UVS_PRQW, issue 18 item 1), and the
# park slots' group join (issue 15: one-hot slots; the directed test
# join-lowest-slot, which the random runs do not reach).
#
# Each mutant is a known-bad edit of one file of rtl/iommu/ (an exact text
# replacement that must match exactly once: an edit that no longer applies
# fails the check instead of rotting silently). The unmutated RTL and every
# mutant are verilated into their own temporary directory (C++ at -O0, no
# tracing, the testbench's C library built once by make) and run on the
# differential test (sim/iommu_tb/tb_random.c) with fixed seeds. The check
# fails when the unmutated RTL fails, or when any mutant passes (survives).
#
# Run by `make iommu-mutate` (sim/iommu_tb/iommu_tb.mk), which passes:
#   MUT_SRCS   the RTL sources in compile order (packages first)
#   MUT_VLT    the Verilator config file (lint waivers)
#   MUT_LIB    the testbench + model C libraries and what they link (absolute paths, linker flags)
#   MUT_PARAMS Verilator -G parameters; MUT_DEFS the testbench's -D flags
#   MUT_DIR    where to make the temporary directory
#   MUT_RUNS   "seed:requests" or "seed:requests:prqw" differential runs (default below; prqw:
#              every page-request context also has tc.UVS_PRQW, the testbench's --prqw), or
#              "test:NAME" for the directed test NAME (--test NAME)
#   MUT_ONLY   optional: names of the mutants to run (default: all)
#   MUT_JOBS   mutants built and run at once (default 2)
# Exit status 0 when every mutant is killed, 1 otherwise.
set -u
: "${MUT_SRCS:?}" "${MUT_VLT:?}" "${MUT_LIB:?}" "${MUT_PARAMS:?}" "${MUT_DEFS:?}" "${MUT_DIR:?}"
MUT_RUNS=${MUT_RUNS:-"1:2000 2:2000 301:2000:prqw test:join-lowest-slot"}
top=$(pwd)
mkdir -p "$MUT_DIR"
work=$(mktemp -d "$MUT_DIR/mutants.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# name~~file~~original text~~mutated text   (file relative to the repository; "~~" separates)
mutants() {
    cat <<'EOF'
superpage-base-only~~rtl/iommu/uvs_iotlb.sv~~!(inv_av_i && !sp_va_eq[e])~~!(inv_av_i && sp_vpn_q[e] != inv_vpn_i[VB-1:0])
ignore-pscv~~rtl/iommu/uvs_iotlb.sv~~!(inv_pscv_i && (glob_q[e]~~!(1'b0 && (glob_q[e]
ignore-av~~rtl/iommu/uvs_iotlb.sv~~!(inv_av_i && !(SB'(e / WAYS)~~!(1'b0 && !(SB'(e / WAYS)
ignore-gv~~rtl/iommu/uvs_iotlb.sv~~if (inv_i && !inv_gv_i && valid_q[e] &&~~if (inv_i && valid_q[e] &&
av-wrong-set~~rtl/iommu/uvs_iotlb.sv~~assign mt_set   = inv_i ? inv_vpn_i[SB-1:0] : fill_set;~~assign mt_set   = fill_set;
superpage-in-set-array~~rtl/iommu/uvs_iotlb.sv~~fill_ok && fill_leaf_i.level == 2'd0;~~fill_ok && fill_leaf_i.level != 2'd2;
iotlb-hit-not-canonical~~rtl/iommu/uvs_iotlb.sv~~lk_hit_o[p] = va_canonical(lk_vpn_i[p][51:26], 1'b1) && (~~lk_hit_o[p] = (
iodir-dv-no-did-match~~rtl/iommu/uvs_iommu_dcc.sv~~(inv_i && (!inv_dv_i || did_q[e] == inv_did_i))~~(inv_i && !inv_dv_i)
superpage-mask-off-by-one~~rtl/iommu/uvs_iommu_pkg.sv~~2'd1:    vpn_mask = {{43{1'b1}}, 9'd0};~~2'd1:    vpn_mask = {{44{1'b1}}, 8'd0};
pwc-never-flushed~~rtl/iommu/uvs_ptw.sv~~.flush_i(tlb_inv_i)~~.flush_i(1'b0)
prqw-never-requests~~rtl/iommu/uvs_ptw.sv~~end else if (dc_q.prq && dc_q.prqw && acc_q == ACC_WRITE && r && !w &&~~end else if (1'b0 && dc_q.prqw && acc_q == ACC_WRITE && r && !w &&
prqw-without-tc-bit~~rtl/iommu/uvs_ptw.sv~~end else if (dc_q.prq && dc_q.prqw && acc_q == ACC_WRITE && r && !w &&~~end else if (dc_q.prq && acc_q == ACC_WRITE && r && !w &&
park-join-any-slot~~rtl/iommu/uvs_ptw.sv~~join_slot = at_slot & (~at_slot + NPARK'(1));~~join_slot = at_slot;
park-slot-always-first~~rtl/iommu/uvs_ptw.sv~~free_slot = ~used & (used + NPARK'(1));~~free_slot = NPARK'(1);
EOF
}

# Copy the sources into $1/rtl; apply the edit of mutant $2 (none for "baseline").
prepare() {
    d=$1/rtl
    mkdir -p "$d"
    srcs=""
    for f in $MUT_SRCS; do
        cp "$f" "$d/" || return 1
        srcs="$srcs $d/$(basename "$f")"
    done
    [ "$2" = baseline ] && { echo "$srcs"; return 0; }
    line=$(mutants | grep "^$2~~") || { echo "mutate.sh: no mutant named $2" >&2; return 1; }
    MUT_LINE=$line python3 - "$d" <<'PY' || return 1
import os, sys
name, path, old, new = os.environ["MUT_LINE"].split("~~", 3)
dst = os.path.join(sys.argv[1], os.path.basename(path))
text = open(dst).read()
if text.count(old) != 1:
    sys.exit("mutate.sh: mutant %s: edit of %s matches %d times (must be exactly once): update the mutant"
             % (name, path, text.count(old)))
open(dst, "w").write(text.replace(old, new))
PY
    echo "$srcs"
}

# Verilate and compile the testbench of $2 into $1 (one C++ translation unit, clang++ -O0: half
# the compile time of g++; the Verilator
# runtime objects are copied from the baseline's build when there is one). Output only on failure.
build() {
    srcs=$(prepare "$1" "$2") || return 2
    # shellcheck disable=SC2086
    verilator --cc --exe -Wno-fatal -Wno-lint -Wno-style --x-assign fast --x-initial fast $MUT_PARAMS \
        --top-module uvs_iommu -Mdir "$1/obj" -o ../uvs-iommu-tb \
        -CFLAGS "-I$top/sim/iommu_tb $MUT_DEFS" -LDFLAGS "$MUT_LIB" \
        "$MUT_VLT" $srcs "$top/sim/iommu_tb/main.cpp" >"$1/build.log" 2>&1 || { cat "$1/build.log"; return 2; }
    if [ "$2" != baseline ]; then
        cp -p "$work/baseline/obj/"verilated*.o "$work/baseline/obj/"verilated*.d "$1/obj/" || return 2
    fi
    make -s -C "$1/obj" -f Vuvs_iommu.mk VM_PARALLEL_BUILDS=0 CXX=clang++-14 LINK=clang++-14 \
        OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0 \
        ../uvs-iommu-tb >>"$1/build.log" 2>&1 || { cat "$1/build.log"; return 2; }
}

# Run the differential runs on $1's testbench: 0 all pass, 1 one failed (its first failure in $1/why).
run() {
    for r in $MUT_RUNS; do
        if [ "${r%%:*}" = test ]; then
            if ! "$1/uvs-iommu-tb" --test "${r#test:}" >"$1/run.log" 2>&1; then
                { echo "test ${r#test:}: "; grep -m1 'FAIL' "$1/run.log"; } | tr -d '\n' >"$1/why"
                return 1
            fi
            continue
        fi
        seed=${r%%:*} rest=${r#*:}
        reqs=${rest%%:*} opt=
        [ "$rest" != "$reqs" ] && opt=--${rest#*:}
        # shellcheck disable=SC2086
        if ! "$1/uvs-iommu-tb" --random --requests "$reqs" --seed "$seed" --hbm-latency 6 --jitter $opt \
            >"$1/run.log" 2>&1; then
            { echo "seed $seed${opt:+ $opt}: "; grep -m1 'FAIL' "$1/run.log"; } | tr -d '\n' >"$1/why"
            return 1
        fi
    done
    return 0
}

names=${MUT_ONLY:-$(mutants | sed 's/~~.*//')}
t0=$(date +%s)
status=0
# every edit must still apply (exactly one match) before anything is built
for m in $names; do
    if ! prepare "$work/check-$m" "$m" >/dev/null; then
        echo "FAIL mutation check: mutant $m cannot be applied"
        exit 1
    fi
    rm -rf "${work:?}/check-$m"
done
# the unmutated RTL first: it must pass, or nothing below means anything
if ! build "$work/baseline" baseline; then
    echo "FAIL mutation check: the unmutated RTL does not build"
    exit 1
fi
if ! run "$work/baseline"; then
    echo "FAIL mutation check: the unmutated RTL fails the differential test: $(cat "$work/baseline/why")"
    exit 1
fi
echo "baseline: passes ($MUT_RUNS)"
# one mutant: build, run, verdict into $work/$1.verdict (first word: killed / SURVIVED / BROKEN)
one() {
    if ! build "$work/$1" "$1" >"$work/$1.buildout" 2>&1; then
        echo "BROKEN $1: does not build or its edit does not apply: $(tail -3 "$work/$1.buildout" | tr '\n' ' ')"
    elif run "$work/$1"; then
        echo "SURVIVED $1: passes the differential test ($MUT_RUNS)"
    else
        echo "killed $1: $(cut -c1-160 "$work/$1/why")"
    fi >"$work/$1.verdict"
    rm -rf "${work:?}/$1"
}
killed=0
total=0
jobs=${MUT_JOBS:-2}
set -- $names
while [ $# -gt 0 ]; do
    batch=""
    i=0
    while [ $# -gt 0 ] && [ $i -lt "$jobs" ]; do
        one "$1" &
        batch="$batch $1"
        i=$((i + 1))
        shift
    done
    wait
    for m in $batch; do
        total=$((total + 1))
        v=$(cat "$work/$m.verdict")
        case $v in
        killed*) killed=$((killed + 1)); echo "$v" ;;
        *) echo "FAIL mutant $v"; status=1 ;;
        esac
    done
done
echo "mutation check: $killed of $total mutants killed in $(($(date +%s) - t0)) s"
exit $status
