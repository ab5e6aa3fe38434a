/*
 * ABI agreement check (tests/iommu/abi_agree.sh): for one .def file, either
 * print every constant as NAME=hex from the generated C header (-DDUMP_C,
 * the header force-included), or print SystemVerilog $display statements
 * that print the same names from the generated package uvs_<name>_pkg.
 * The names come from the .def; the values come from each generated file,
 * so any disagreement between the C header and the SV package shows in a
 * diff of the two outputs.
 */
#include <stdio.h>

#define STR2(x) #x
#define STR(x) STR2(x)

#ifdef DUMP_C
#define P(name, value) printf("%s=%llx\n", name, (unsigned long long)(value));
#define UVS_REGION(name, base, size, doc) P(#name "_BASE", UVS_##name##_BASE) P(#name "_SIZE", UVS_##name##_SIZE)
#define UVS_CONST(name, value, doc) P(#name, UVS_##name)
#define UVS_REG(block, name, offset, width, access, doc) \
    P(#block "_" #name "_OFF", UVS_##block##_##name##_OFF) P(#block "_" #name "_BYTES", UVS_##block##_##name##_BYTES)
#define UVS_FIELD(reg, name, lsb, width, doc)                                                     \
    P(#reg "_" #name "_SHIFT", UVS_##reg##_##name##_SHIFT)                                        \
    P(#reg "_" #name "_WIDTH", UVS_##reg##_##name##_WIDTH) P(#reg "_" #name "_MASK", UVS_##reg##_##name##_MASK)
#else
#define P(name) printf("    $display(\"%s=%%0h\", uvs_%s_pkg::UVS_%s);\n", name, STR(DEF_NAME), name);
#define UVS_REGION(name, base, size, doc) P(#name "_BASE") P(#name "_SIZE")
#define UVS_CONST(name, value, doc) P(#name)
#define UVS_REG(block, name, offset, width, access, doc) P(#block "_" #name "_OFF") P(#block "_" #name "_BYTES")
#define UVS_FIELD(reg, name, lsb, width, doc) \
    P(#reg "_" #name "_SHIFT") P(#reg "_" #name "_WIDTH") P(#reg "_" #name "_MASK")
#endif

int main(void)
{
#include DEF_FILE
    return 0;
}
