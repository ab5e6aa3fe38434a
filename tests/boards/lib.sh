# shellcheck shell=bash
# Helpers for tests/boards.tests (source after tests/lib.sh): boards/flow.sh
# with the environment boards/boards.mk gives it, and crafted inputs.
#
# flow BOARD ARGS...   boards/flow.sh ARGS for BOARD, with PATH reduced to the
#                      system directories and an empty one (so no vendor tool
#                      or programmer is found, whatever the machine has) and
#                      BOARD_BUILD in a fresh temporary directory ($BT)
# fake_bit FILE PART   a file with the header of a Xilinx .bit for PART
# dts_dtb FILE DTS     DTS text compiled to FILE with dtc

BT=$(mktemp -d)
trap 'rm -rf "$BT"' EXIT

flow() {
  local b=$1; shift
  local kind=fpga tool='' part='' ext=bit
  case $b in
    alveo-u55c) tool=vivado part=xcu55c-fsvh2892-2L-e ext=bit ;;
    icicle-kit) tool=libero part=MPFS250T-FCVG484E ext=job ;;
    sim) kind=simulator ;;
  esac
  env PATH="$BT/empty:/usr/bin:/bin" BOARD="$b" BOARD_KIND="$kind" BOARD_TOOL="$tool" BOARD_PART="$part" \
      BOARD_BIT_EXT="$ext" BOARD_BUILD="$BT/out" BOARDS="alveo-u55c icicle-kit sim" BOARD_SRCS= \
      boards/flow.sh "$@"
}

fake_bit() {
  local file=$1 part=$2 name=uvs_top_u55c
  { printf '\x00\x09\x0f\xf0\x0f\xf0\x0f\xf0\x0f\xf0\x00\x00\x01a'
    printf "\\x00\\x$(printf '%02x' $((${#name} + 1)))%s\\x00" "$name"
    printf "b\\x00\\x$(printf '%02x' $((${#part} + 1)))%s\\x00" "$part"
    head -c 64 /dev/zero; } > "$file"
}

dts_dtb() {
  printf '%s\n' "$2" | dtc -q -I dts -O dtb -o "$1" -
}

# fake_tool NAME SCRIPT   an executable NAME in $BT/empty (first in flow's
#                         PATH) running SCRIPT with bash: stands in for a
#                         vendor tool to check what flow.sh hands it
fake_tool() {
  mkdir -p "$BT/empty"
  printf '#!/bin/bash\n%s\n' "$2" > "$BT/empty/$1"
  chmod +x "$BT/empty/$1"
}
