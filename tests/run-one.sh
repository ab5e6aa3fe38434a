#!/usr/bin/env bash
# tests/run-one.sh NAME COMMAND: run one test of tests/run.sh (which sets
# RUN_LOGDIR and TEST_TIMEOUT). Writes RUN_LOGDIR/NAME.log (the output) and
# RUN_LOGDIR/NAME.result ("exit-status seconds name"), and prints one line.
name=$1 cmd=$2
log="$RUN_LOGDIR/$name.log"
start=$SECONDS
timeout "$TEST_TIMEOUT" bash -c "source tests/lib.sh; $cmd" >"$log" 2>&1 </dev/null
rc=$?
secs=$((SECONDS - start))
if [ $rc -eq 0 ]; then
  msg="PASS $name ($secs s)"
else
  msg="FAIL $name (exit $rc; $secs s; log $log)"$'\n'"$(tail -n 5 "$log" | sed 's/^/    /')"
fi
printf '%s\n' "$msg"
printf '%s %s %s\n' "$rc" "$secs" "$name" > "$RUN_LOGDIR/$name.result"
