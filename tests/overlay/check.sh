#!/usr/bin/env bash
# tests/overlay/check.sh MODE OVERLAY.dtso [REGEX]: the sample overlay of the
# Icicle Kit (boards/icicle-kit/) compiled with dtc -@, applied with
# fdtoverlay onto the kit's DTB from the Linux 6.1 sources
# (boards/icicle-kit/base-dtb.sh), and the result validated with dt-schema
# against boards/bindings (tests/dt/validate.sh).
#   apply   the merged tree has the hostif node at 0x60000000 with the
#           PLIC as interrupt parent, the reserved DMA region, and the
#           reserved device-memory region at the fabric shell's SRAM_DDR
#   valid   dt-validate reports nothing about the overlay's nodes and matches
#           the hostif node to its binding (the kit's own nodes, whose
#           bindings are in the Linux tree, are not judged here)
#   reject REGEX  dt-validate reports a problem of the overlay's nodes matching REGEX
set -u
B=${BUILD:-build}
mode=$1 ov=$2
w=$(mktemp -d /tmp/uvs-ov.XXXXXX); trap 'rm -rf "$w"' EXIT
base=$B/tests/overlay/mpfs-icicle-kit.dtb
[ -f "$base" ] || boards/icicle-kit/base-dtb.sh "$B/third_party" "$base" || { echo "cannot build the Icicle Kit DTB"; exit 1; }
dtc -@ -q -I dts -O dtb -o "$w/ov.dtbo" "$ov" || { echo "dtc rejects $ov"; exit 1; }
fdtoverlay -i "$base" -o "$w/merged.dtb" "$w/ov.dtbo" || { echo "fdtoverlay cannot apply $ov"; exit 1; }
node=/hostif@60000000
case $mode in
apply)
  reg=$(fdtget -t x "$w/merged.dtb" $node reg) && ip=$(fdtget -t x "$w/merged.dtb" $node interrupt-parent) &&
    plic=$(fdtget -t x "$w/merged.dtb" /soc/interrupt-controller@c000000 phandle) &&
    mr=$(fdtget -t x "$w/merged.dtb" $node memory-region) &&
    dma=$(fdtget -t x "$w/merged.dtb" /reserved-memory/uvmsoc-dma@b8000000 phandle) &&
    dreg=$(fdtget -t x "$w/merged.dtb" /reserved-memory/uvmsoc-dma@b8000000 reg) &&
    vreg=$(fdtget -t x "$w/merged.dtb" /reserved-memory/uvmsoc-device@b0000000 reg) &&
    fdtget "$w/merged.dtb" /reserved-memory/uvmsoc-device@b0000000 no-map >/dev/null || { echo "nodes missing"; exit 1; }
  echo "hostif reg <$reg>, interrupt-parent $ip (plic $plic), memory-region $mr -> dma region $dma <$dreg>, device memory <$vreg>"
  # the device-memory region holds what the fabric shell puts there (SRAM_DDR, SPAD_DDR)
  map=boards/icicle-kit/rtl/uvs_icicle_fic0_map.sv
  sram=$(sed -n "s/.*SRAM_DDR *= 64'h0000_0000_\([0-9a-f_]*\).*/\1/p" $map | tr -d _)
  spad=$(sed -n "s/.*SPAD_DDR *= 64'h0000_0000_\([0-9a-f_]*\).*/\1/p" $map | tr -d _)
  [ "$reg" = "0 60000000 0 10000" ] && [ "$ip" = "$plic" ] && [ "$mr" = "$dma" ] && [ "$dreg" = "0 b8000000 0 4000000" ] &&
    [ "$vreg" = "0 b0000000 0 6000000" ] && [ "$sram" = b0000000 ] && [ "$spad" = b4000000 ] ;;
valid|reject)
  out=$(tests/dt/validate.sh dtb "$w/merged.dtb" 2>&1)
  ours=$(grep -E 'hostif@|uvmsoc-dma@|uvmsoc-device@|reserved-memory' <<<"$out" | sort -u)
  if [ "$mode" = valid ]; then
    [ -z "$ours" ] && { echo "nothing reported about the overlay's nodes"; exit 0; }
    echo "$ours"; exit 1
  fi
  echo "$ours"
  [ -n "$ours" ] && grep -Eq -- "$3" <<<"$ours" ;;
*) echo "usage: $0 apply|valid|reject OVERLAY [REGEX]"; exit 2 ;;
esac
