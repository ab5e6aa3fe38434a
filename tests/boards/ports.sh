#!/usr/bin/env bash
# ports.sh STUB.sv MODEL.sv: the black-box stub of a board's vendor shell and
# its co-simulation model declare the same ports (name, direction, width),
# after Verilator's preprocessor expands the port-list macros
# (boards/common/uvs_shell_axi.svh). Prints the difference otherwise.
set -eu
ports() {
  verilator -E -P -Iboards/common -Irtl/soc "$1" | tr '\n' ' ' |
    sed -E 's/.*module[[:space:]]+[A-Za-z_0-9]+[[:space:]]*\(//; s/\)[[:space:]]*;.*//' |
    tr ',' '\n' | sed -E 's/\/\*[^*]*\*\///g; s/[[:space:]]+/ /g; s/^ //; s/ $//' | grep -v '^$' | sort
}
a=$(ports "$1") b=$(ports "$2")
[ -n "$a" ] || { echo "no ports found in $1"; exit 1; }
if [ "$a" != "$b" ]; then
  echo "ports differ: < $1, > $2"; diff <(echo "$a") <(echo "$b"); exit 1
fi
echo "$(echo "$a" | wc -l) ports match: $1 $2"
