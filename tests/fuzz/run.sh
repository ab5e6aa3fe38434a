#!/bin/sh
# Run libFuzzer harnesses for a fixed number of executions from their
# committed seed corpus (tests/fuzz/corpus/<target>/, read-only: new inputs go
# to a temporary directory that is removed), with a fixed seed, one after the
# other (deterministic: same binary, corpus and seed give the same inputs).
# Prints, and writes to $FUZZ_FIG (default $FUZZ_DIR/figures.md), one table row per
# target: executions, crashes, wall seconds. A crash keeps
# its input in $FUZZ_DIR/crashes/<target>/ and makes the script exit 1.
# tests/fuzz/<target>.options, when present, adds libFuzzer flags (lines not
# starting with #).
# Usage: FUZZ_DIR=build/fuzz FUZZ_RUNS=1000000 FUZZ_SEED=1 tests/fuzz/run.sh target...
set -u
: "${FUZZ_DIR:?}" "${FUZZ_RUNS:?}"
seed=${FUZZ_SEED:-1}
fig=${FUZZ_FIG:-$FUZZ_DIR/figures.md}
mkdir -p "$FUZZ_DIR"
tmp=$(mktemp -d "$FUZZ_DIR/run.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
status=0
{
    echo "| target | executions | crashes | wall seconds | exec/s |"
    echo "|---|---:|---:|---:|---:|"
} >"$tmp/table"
for t in "$@"; do
    bin="$FUZZ_DIR/fuzz_$t"
    corpus="tests/fuzz/corpus/$t"
    [ -x "$bin" ] || { echo "run.sh: no harness $bin (make fuzz-build)"; exit 1; }
    [ -d "$corpus" ] || { echo "run.sh: no seed corpus $corpus"; exit 1; }
    mkdir -p "$tmp/$t" "$tmp/art-$t"
    opts=""
    [ -f "tests/fuzz/$t.options" ] && opts=$(grep -v '^#' "tests/fuzz/$t.options")
    t0=$(date +%s%N)
    # shellcheck disable=SC2086
    "$bin" -runs="$FUZZ_RUNS" -seed="$seed" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 $opts \
        -artifact_prefix="$tmp/art-$t/" "$tmp/$t" "$corpus" >"$tmp/$t.log" 2>&1
    rc=$?
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tmp/$t.log" | tail -1)
    secs=$(printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100)))
    crashes=0
    if [ $rc -ne 0 ]; then
        crashes=1
        status=1
        mkdir -p "$FUZZ_DIR/crashes/$t"
        cp "$tmp/art-$t/"* "$FUZZ_DIR/crashes/$t/" 2>/dev/null
        echo "FAIL fuzz_$t: exit $rc, input kept in $FUZZ_DIR/crashes/$t/"
        grep -m3 -E 'ERROR|runtime error|SUMMARY|deadly' "$tmp/$t.log"
    fi
    eps=$(( ${runs:-0} * 1000 / (ms > 0 ? ms : 1) ))
    echo "| $t | ${runs:-?} | $crashes | ${secs:-?} | $eps |" >>"$tmp/table"
done
cp "$tmp/table" "$fig"
cat "$tmp/table"
exit $status
