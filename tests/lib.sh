# Helpers for test commands in tests/*.tests (sourced by tests/run.sh).

# expect_exit CODE CMD...: run CMD, fail unless it exits with CODE.
expect_exit() {
  local want=$1; shift
  "$@"; local got=$?
  if [ "$got" -ne "$want" ]; then echo "expected exit $want, got $got: $*" >&2; return 1; fi
}

# expect_output REGEX CMD...: run CMD, fail unless it exits 0 and its
# stdout+stderr matches the extended REGEX. Output is echoed to the log.
# (A command expected to fail uses expect_exit_output.)
expect_output() {
  local re=$1; shift
  local out got; out=$("$@" 2>&1); got=$?; echo "$out"
  if [ "$got" -ne 0 ]; then echo "expected exit 0, got $got: $*" >&2; return 1; fi
  if ! grep -Eq -- "$re" <<<"$out"; then echo "output does not match /$re/: $*" >&2; return 1; fi
}

# expect_exit_output CODE REGEX CMD...: both of the above in one run.
expect_exit_output() {
  local want=$1 re=$2; shift 2
  local out got; out=$("$@" 2>&1); got=$?; echo "$out"
  if [ "$got" -ne "$want" ]; then echo "expected exit $want, got $got: $*" >&2; return 1; fi
  if ! grep -Eq -- "$re" <<<"$out"; then echo "output does not match /$re/: $*" >&2; return 1; fi
}

# Debian's OpenSBI (package opensbi): the M-mode firmware of the boot chain.
OPENSBI_FW_JUMP=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf

# The host CLI boots the firmware through OpenSBI by default (docs/architecture.md
# "Boot flow"); that adds 12-17 million instructions to every co-simulated boot,
# so the co-simulation tests run the firmware in M mode unless they ask for the
# chain with UVMSOC_SBI= (empty: the default) or a path. tests/opensbi.tests and
# the *-sbi-chain tests of e2e, managed and cosim cover the chain.
export UVMSOC_SBI=${UVMSOC_SBI-none}
