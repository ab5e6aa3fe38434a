#!/bin/bash
# tests/dt/validate.sh MODE [ARGS]: the devicetree bindings of boards/bindings/
# checked with Debian's dt-schema (package dt-schema).
#   schemas          every binding passes dt-doc-validate (the meta-schema)
#   examples         every binding's examples compile (dtc) and pass dt-validate
#   dtb FILE...      each DTB passes dt-validate against the bindings and the
#                    core schemas; every node with a "uvmsoc," compatible
#                    matches a binding. Nodes whose bindings live in the Linux
#                    tree (riscv,cpu-intc, sifive,clint0, sifive,plic-1.0.0,
#                    ns16550a) are not in dt-schema and stay unmatched.
#   reject FILE RE   FILE (a DTB) must FAIL validation with output matching RE
# Exit 0 on success, 1 with the tool output on failure.
set -u
BIND=boards/bindings
WORK=$(mktemp -d /tmp/uvs-dt-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
for t in dt-doc-validate dt-mk-schema dt-validate dt-extract-example dtc; do
  command -v $t >/dev/null || { echo "missing $t: apt-get install dt-schema device-tree-compiler" >&2; exit 1; }
done

schema() { # the processed schema of the bindings plus the core schemas
  dt-mk-schema -j "$BIND"/ > "$WORK/processed.json" 2> "$WORK/mk.err" || { cat "$WORK/mk.err"; exit 1; }
}

validate() { # validate DTB: prints problems, returns 1 if any
  local out
  out=$(cd "$WORK" && dt-validate -m -s processed.json "$1" 2>&1 |
        grep -v "failed to match any schema with compatible: \['\(riscv,cpu-intc\|sifive,clint0\|sifive,plic-1.0.0\|ns16550a\)'")
  if [ -n "$out" ]; then echo "$out"; return 1; fi
  return 0
}

case ${1:-} in
schemas)
  rc=0
  for f in "$BIND"/*.yaml; do
    (cd "$WORK" && dt-doc-validate -u "$OLDPWD/$BIND" "$OLDPWD/$f") || { echo "FAIL $f"; rc=1; }
  done
  echo "$(ls "$BIND"/*.yaml | wc -l) bindings checked"
  exit $rc ;;
examples)
  schema; rc=0; n=0
  for f in "$BIND"/*.yaml; do
    b=$(basename "$f" .yaml)
    dt-extract-example "$f" > "$WORK/$b.dts" || { echo "FAIL extract $f"; rc=1; continue; }
    dtc -q -I dts -O dtb -o "$WORK/$b.dtb" "$WORK/$b.dts" || { echo "FAIL dtc $f"; rc=1; continue; }
    validate "$WORK/$b.dtb" || { echo "FAIL example of $f"; rc=1; }
    n=$((n + 1))
  done
  echo "$n binding examples validated"
  exit $rc ;;
dtb)
  shift; schema; rc=0
  for d in "$@"; do
    [ -f "$d" ] || { echo "FAIL $d: no such DTB (build the configuration first)"; rc=1; continue; }
    validate "$(realpath "$d")" || { echo "FAIL $d"; rc=1; continue; }
    echo "valid: $d"
  done
  exit $rc ;;
reject)
  d=$2 re=$3; schema
  if out=$(validate "$(realpath "$d")"); then echo "FAIL: $d was accepted"; exit 1; fi
  echo "$out"
  grep -Eq -- "$re" <<<"$out" || { echo "FAIL: output does not match /$re/"; exit 1; }
  exit 0 ;;
*)
  echo "usage: tests/dt/validate.sh schemas | examples | dtb FILE... | reject FILE REGEX" >&2; exit 1 ;;
esac
