# Sourced by tests/synth.tests: BT, a fresh temporary directory per test, removed on exit.
BT=$(mktemp -d)
trap 'rm -rf "$BT"' EXIT
