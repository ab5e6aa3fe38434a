#!/bin/sh
# Regenerate the fuzz seed corpus tests/fuzz/corpus/<target>/ (committed; run
# by hand after an ABI change): record seeds from make_seeds.c, an ELF from
# seed.S, DTBs from seed.dts (one hart, and five harts by copying cpu@0), and
# one input per mode of the IOMMU-model harness. Needs `make` run once
# (generated headers in $BUILD/gen/include). Usage: tests/fuzz/make_seeds.sh
set -eu
BUILD=${BUILD:-build}
c=tests/fuzz/corpus
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
for d in cosim_msg fault_ring fw_cmd fault_batch elf dtb iommu_model broker_msg; do mkdir -p "$c/$d"; done
cc -std=c11 -Wall -Wextra -Werror -Iinclude -I"$BUILD/gen/include" -Iinclude/lib tests/fuzz/make_seeds.c \
    include/lib/iommu_rec.c include/lib/cosim_msg.c include/lib/broker_msg.c -o "$t/make_seeds"
"$t/make_seeds" "$c"
riscv64-unknown-elf-gcc -nostdlib -nostartfiles -march=rv64imac -mabi=lp64 -Wl,-Ttext=0x80000000 \
    -Wl,--build-id=none -o "$t/seed.elf" tests/fuzz/seed.S
riscv64-unknown-elf-strip -o "$c/elf/tohost.elf" "$t/seed.elf"
cp "$t/seed.elf" "$c/elf/tohost-symbols.elf"
dtc -q -I dts -O dtb -o "$t/seed.dtb" tests/fuzz/seed.dts
# the harness's first byte: bit 0 = five harts, bit 1 = host link, bit 2 = HBM
{ printf '\006'; cat "$t/seed.dtb"; } >"$c/dtb/one-hart-host-hbm"
{ printf '\000'; cat "$t/seed.dtb"; } >"$c/dtb/one-hart"
printf '\000' >"$c/iommu_model/mode0"
printf '\001\001\002\003\004\005\006\007\010' >"$c/iommu_model/mode1"
printf '\002\020\000\000\000\000\000\000\000\001' >"$c/iommu_model/mode2"
