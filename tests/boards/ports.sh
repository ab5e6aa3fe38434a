#!/usr/bin/env bash
# ports.sh STUB.sv MODEL.sv [IFACE...]: the black-box stub of a board's vendor
# shell and its co-simulation model declare the same ports (name, direction,
# width), after Verilator's preprocessor expands the port-list macros
# (boards/common/uvs_shell_axi.svh). Prints the difference otherwise. Each
# IFACE named must be among them (its IFACE_awvalid and IFACE_rready ports),
# so a macro that lost interfaces in both files does not pass.
set -eu
ports() {
  verilator -E -P -Iboards/common -Irtl/soc "$1" | tr '\n' ' ' |
    sed -E 's/.*module[[:space:]]+[A-Za-z_0-9]+[[:space:]]*\(//; s/\)[[:space:]]*;.*//' |
    tr ',' '\n' | sed -E 's/\/\*[^*]*\*\///g; s/[[:space:]]+/ /g; s/^ //; s/ $//' | grep -v '^$' | sort
}
stub=$1 model=$2; shift 2
a=$(ports "$stub") b=$(ports "$model")
[ -n "$a" ] || { echo "no ports found in $stub"; exit 1; }
if [ "$a" != "$b" ]; then
  echo "ports differ: < $stub, > $model"; diff <(echo "$a") <(echo "$b"); exit 1
fi
for i in "$@"; do
  for s in awvalid rready; do
    echo "$a" | grep -Eq "[[:space:]]${i}_$s\$" || { echo "no port ${i}_$s in $stub"; exit 1; }
  done
done
echo "$(echo "$a" | wc -l) ports match: $stub $model"
