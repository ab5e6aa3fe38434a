#!/usr/bin/env bash
# boards/flow.sh: vendor flow and programming of a board (boards/boards.mk
# runs it for make BOARD=<b> bitstream | flash | dtb-check; docs/boards.md).
#
#   flow.sh bitstream                 run the vendor flow: Vivado (alveo-u55c)
#                                     or Libero (icicle-kit) in batch mode;
#                                     writes $BOARD_BUILD/<top>.<bit|job> and
#                                     its sidecar <file>.board naming the board
#   flow.sh flash [FILE] [--dtb DTB]  program FILE (default: the bitstream
#                                     above) after checking it was built for
#                                     $BOARD, and DTB (if given) for the device node
#   flow.sh dtb-check DTB             DTB holds the device node the host
#                                     driver binds (compatible "uvmsoc,hostif")
#
# Environment (set by boards/boards.mk): BOARD, BOARD_KIND (fpga or
# simulator), BOARD_TOOL (vivado or libero), BOARD_PART, BOARD_BIT_EXT,
# BOARD_BUILD, BOARD_SRCS (RTL in compile order), BOARDS (all board names).
#
# Exit status (docs/boards.md, "Exit codes"):
#   0 done            2 usage                3 board has no FPGA (sim)
#   4 vendor tool (vivado/libero) missing    5 no programmer found
#   6 bitstream file missing                 7 bitstream built for another board
#   8 DTB unreadable or without the device node
set -u
cmd=${1:-}
[ -n "$cmd" ] || { echo "usage: flow.sh bitstream | flash [FILE] [--dtb DTB] | dtb-check DTB" >&2; exit 2; }
shift
: "${BOARD:?}" "${BOARD_KIND:=}" "${BOARD_TOOL:=}" "${BOARD_PART:=}" "${BOARD_BIT_EXT:=bit}"
: "${BOARD_BUILD:=build/boards/$BOARD}" "${BOARD_SRCS:=}" "${BOARDS:=}"
here=$(cd "$(dirname "$0")" && pwd)
bitfile_default=$BOARD_BUILD/uvmsoc-$BOARD.$BOARD_BIT_EXT

die() { code=$1; shift; echo "$BOARD: $*" >&2; exit "$code"; }

# DTB check: a flattened device tree (dtc reads it) with a node whose
# compatible list holds "uvmsoc,hostif" (boards/bindings/uvmsoc,hostif.yaml).
dtb_check() {
  dtb=$1
  [ -f "$dtb" ] || die 8 "DTB '$dtb': no such file (expected a .dtb with the uvmsoc,hostif node)"
  dts=$(dtc -q -I dtb -O dts "$dtb" 2>&1) ||
    die 8 "DTB '$dtb' is not a flattened device tree (dtc: $(printf '%s' "$dts" | head -n1))"
  if ! printf '%s\n' "$dts" | grep -Eq 'compatible = [^;]*"uvmsoc,hostif"'; then
    found=$(printf '%s\n' "$dts" | grep -Eo '"uvmsoc,[a-z-]+"' | sort -u | tr '\n' ' ')
    die 8 "DTB '$dtb' has no device node: expected a node with compatible \"uvmsoc,hostif\" (boards/icicle-kit/uvmsoc-overlay.dtso applied with fdtoverlay), found uvmsoc compatibles: ${found:-none}"
  fi
  echo "$BOARD: DTB '$dtb' has the uvmsoc,hostif node"
}

need_fpga() {
  [ "$BOARD_KIND" = fpga ] ||
    die 3 "'$cmd' needs an FPGA board: expected one of: $(for b in $BOARDS; do [ "$b" = sim ] || printf '%s ' "$b"; done)(found BOARD=$BOARD, the simulator)"
}

case "$cmd" in
bitstream)
  [ $# -eq 0 ] || die 2 "bitstream takes no arguments (found: $*)"
  need_fpga
  command -v "$BOARD_TOOL" >/dev/null 2>&1 ||
    die 4 "bitstream needs the vendor tool '$BOARD_TOOL' in PATH (found none; see boards/$BOARD/README.md)"
  mkdir -p "$BOARD_BUILD"
  out=$(cd "$BOARD_BUILD" && pwd)
  srcs=()  # absolute paths: the vendor tools run in $out
  for f in $BOARD_SRCS; do srcs+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done
  case "$BOARD_TOOL" in
    vivado)
      (cd "$out" && vivado -mode batch -nojournal -log vivado.log \
         -source "$here/$BOARD/vivado/project.tcl" -tclargs "$here/$BOARD" "$out" "$BOARD_PART" "${srcs[@]}") ||
        die 1 "vivado failed (log $out/vivado.log)" ;;
    libero)
      (cd "$out" && libero "SCRIPT:$here/$BOARD/libero/project.tcl" \
         "SCRIPT_ARGS:$here/$BOARD $out $BOARD_PART ${srcs[*]}" "LOGFILE:$out/libero.log") ||
        die 1 "libero failed (log $out/libero.log)" ;;
    *) die 2 "unknown vendor tool '$BOARD_TOOL' (expected vivado or libero)" ;;
  esac
  [ -f "$bitfile_default" ] || die 1 "the vendor flow did not write $bitfile_default"
  printf 'board=%s\npart=%s\n' "$BOARD" "$BOARD_PART" > "$bitfile_default.board"
  echo "$BOARD: $bitfile_default"
  ;;
flash)
  need_fpga
  bit=$bitfile_default dtb=
  while [ $# -gt 0 ]; do
    case "$1" in
      --dtb) [ $# -ge 2 ] || die 2 "--dtb needs a file"; dtb=$2; shift 2 ;;
      -*) die 2 "flash: unknown option '$1' (expected --dtb DTB)" ;;
      *) bit=$1; shift ;;
    esac
  done
  [ -f "$bit" ] || die 6 "no bitstream '$bit' (expected the output of make BOARD=$BOARD bitstream, or BIT=<file>)"
  case "$bit" in
    *."$BOARD_BIT_EXT") ;;
    *) die 7 "'$bit' is not a .$BOARD_BIT_EXT file (expected the $BOARD vendor flow's .$BOARD_BIT_EXT)" ;;
  esac
  [ -f "$bit.board" ] || die 7 "'$bit' has no sidecar '$bit.board' naming its board (expected board=$BOARD; rebuild with make BOARD=$BOARD bitstream)"
  built=$(sed -n 's/^board=//p' "$bit.board" | head -n1)
  [ "$built" = "$BOARD" ] || die 7 "'$bit' was built for board '${built:-?}' (expected '$BOARD')"
  if [ "$BOARD_BIT_EXT" = bit ]; then
    # Xilinx .bit header: field 'b' is the part (e.g. xcu55c-fsvh2892-2L-e without the speed grade in some versions).
    part=$(python3 - "$bit" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read(4096)
i = d.find(b'\x00\x01a')
if i < 0: sys.exit(0)
i += 3
n = int.from_bytes(d[i:i+2], 'big'); i += 2 + n
if d[i:i+1] == b'b':
    n = int.from_bytes(d[i+1:i+3], 'big'); print(d[i+3:i+3+n].rstrip(b'\0').decode('ascii', 'replace'))
PY
)
    want=${BOARD_PART%%-*}
    [ -z "$part" ] || [ "${part%%-*}" = "$want" ] ||
      die 7 "'$bit' is for part '$part' (expected $want for $BOARD)"
  fi
  [ -z "$dtb" ] || dtb_check "$dtb"
  case "$BOARD_TOOL" in
    vivado)
      if command -v openFPGALoader >/dev/null 2>&1; then
        openFPGALoader ${OFL_CABLE:+-c "$OFL_CABLE"} "$bit" || die 1 "openFPGALoader failed"
      elif command -v vivado >/dev/null 2>&1; then
        vivado -mode batch -nojournal -source "$here/$BOARD/vivado/program.tcl" -tclargs "$bit" ||
          die 1 "vivado hardware manager failed"
      else
        die 5 "flash needs a programmer: expected openFPGALoader (Debian package openfpgaloader) or vivado in PATH, found neither"
      fi ;;
    libero)
      if command -v FPExpress >/dev/null 2>&1; then
        FPExpress "SCRIPT:$here/$BOARD/libero/program.tcl" "SCRIPT_ARGS:$bit" || die 1 "FPExpress failed"
      else
        die 5 "flash needs a programmer: expected FPExpress (Libero SoC's FlashPro Express) in PATH, found none"
      fi ;;
  esac
  echo "$BOARD: programmed $bit"
  ;;
dtb-check)
  [ $# -eq 1 ] || die 2 "dtb-check needs one DTB (make BOARD=$BOARD dtb-check DTB=<file>)"
  dtb_check "$1"
  ;;
*)
  die 2 "unknown command '$cmd' (expected bitstream, flash or dtb-check)" ;;
esac
