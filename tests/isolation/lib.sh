# Helpers of tests/isolation.tests: a device broker daemon (uvmsoc serve) on a
# fresh socket in its own temporary directory, so tests run in parallel.
#
# serve_start [SERVE OPTIONS...]
#   Starts $BUILD/host/uvmsoc serve --listen $BRK_DIR/brk.sock (it starts the
#   c4 simulator and boots the firmware) and waits up to 300 s until it
#   listens; sets BRK_DIR, BRK_SOCK, BRK_PID. Returns 1 (printing its log)
#   when it does not come up.
# serve_stop
#   SIGTERM, wait, print the daemon's log; its exit status. Removes BRK_DIR.
# client [CLIENT OPTIONS...]
#   $BUILD/host/uvmsoc client --daemon $BRK_SOCK ...
# teardowns_clean
#   Every teardown in the daemon's log wrote back 0 pages and left all HBM
#   frames free (no context keeps pages between launches); at least one.

UVMSOC=${BUILD:-build}/host/uvmsoc

serve_start() {
  BRK_DIR=$(mktemp -d /tmp/uvs-brk.XXXXXX)
  BRK_SOCK=$BRK_DIR/brk.sock
  "$UVMSOC" serve --listen "$BRK_SOCK" "$@" >"$BRK_DIR/serve.log" 2>&1 &
  BRK_PID=$!
  local i
  for i in $(seq 3000); do
    [ -S "$BRK_SOCK" ] && return 0
    kill -0 "$BRK_PID" 2>/dev/null || break
    sleep 0.1
  done
  echo "serve_start: the daemon did not come up:"; cat "$BRK_DIR/serve.log"
  return 1
}

serve_stop() {
  local rc
  kill -TERM "$BRK_PID" 2>/dev/null
  wait "$BRK_PID"; rc=$?
  echo "--- daemon log (exit $rc) ---"; cat "$BRK_DIR/serve.log"
  return $rc
}

serve_cleanup() { rm -rf "$BRK_DIR"; }

client() { "$UVMSOC" client --daemon "$BRK_SOCK" "$@"; }

teardowns_clean() {
  local log=$BRK_DIR/serve.log
  grep -q 'teardown wrote back' "$log" || { echo "no teardown logged"; return 1; }
  if grep -E 'teardown wrote back' "$log" | grep -Ev 'teardown wrote back 0 pages; HBM frames free ([0-9]+) of \1$'; then
    echo "a teardown wrote back pages or left frames in use"; return 1
  fi
}
