/*
 * abigen: generate the C header or the SystemVerilog package for one ABI
 * description file (include/uvmsoc/<name>.def).
 *
 * Build: cc -DDEF_FILE='"uvmsoc/memmap.def"' -DDEF_NAME=memmap -Iinclude abigen.c
 * Run:   abigen c  > memmap.h      (C and assembler header)
 *        abigen sv > uvs_memmap_pkg.sv
 * Exit status 2 on a bad argument.
 *
 * Description macros a .def file may use (each NAME becomes UVS_<NAME>):
 *   UVS_REGION(NAME, BASE, SIZE, DOC)   -> NAME_BASE, NAME_SIZE
 *   UVS_CONST(NAME, VALUE, DOC)         -> NAME
 *   UVS_REG(BLOCK, NAME, OFFSET, WIDTH, ACCESS, DOC)
 *                                       -> BLOCK_NAME_OFF (byte offset in the
 *                                          block), BLOCK_NAME_BYTES (WIDTH, the
 *                                          register size in bytes); ACCESS (RO,
 *                                          RW, ...) goes into the doc comment
 *   UVS_FIELD(REG, NAME, LSB, WIDTH, DOC)
 *                                       -> REG_NAME_SHIFT, REG_NAME_WIDTH,
 *                                          REG_NAME_MASK
 */
#include <stdio.h>
#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)

static void c_hex(const char *name, unsigned long long v, const char *doc)
{
    printf("/** %s */\n#define UVS_%s UVS_U64(0x%llx)\n", doc, name, v);
}

static void sv_hex(const char *name, unsigned long long v, const char *doc)
{
    printf("  // %s\n  localparam logic [63:0] UVS_%s = 64'h%llx;\n", doc, name, v);
}

/*
 * UVS_FIELD(REG, NAME, LSB, WIDTH, DOC): a bit field of a register or of a
 * record doubleword. Emits UVS_<REG>_<NAME>_SHIFT (= LSB), _WIDTH (bits) and
 * _MASK (the field's bits in place, ((1 << WIDTH) - 1) << LSB).
 */
static void emit_field(void (*f)(const char *, unsigned long long, const char *),
                       const char *reg, const char *name, unsigned lsb, unsigned width,
                       const char *doc)
{
    char n[160];
    unsigned long long ones = width >= 64 ? ~0ULL : (1ULL << width) - 1;
    snprintf(n, sizeof n, "%s_%s_SHIFT", reg, name);
    f(n, lsb, doc);
    snprintf(n, sizeof n, "%s_%s_WIDTH", reg, name);
    f(n, width, "width in bits of the field");
    snprintf(n, sizeof n, "%s_%s_MASK", reg, name);
    f(n, lsb >= 64 ? 0 : ones << lsb, "mask of the field in place");
}

static void emit(void (*f)(const char *, unsigned long long, const char *))
{
    char n[128];
    (void)n;
    (void)emit_field; /* used only by .def files with UVS_FIELD */
#define UVS_REGION(name, base, size, doc)                    \
    snprintf(n, sizeof n, "%s_BASE", #name); f(n, base, doc); \
    snprintf(n, sizeof n, "%s_SIZE", #name); f(n, size, "size in bytes of " #name);
#define UVS_CONST(name, value, doc) f(#name, value, doc);
#define UVS_REG(block, name, offset, width, access, doc)                                  \
    snprintf(n, sizeof n, "%s_%s_OFF", #block, #name); f(n, offset, doc " (" #access ")"); \
    snprintf(n, sizeof n, "%s_%s_BYTES", #block, #name);                                  \
    f(n, width, "size in bytes of " #block " register " #name);
#define UVS_FIELD(reg, name, lsb, width, doc) emit_field(f, #reg, #name, lsb, width, doc);
#include DEF_FILE
#undef UVS_REGION
#undef UVS_CONST
#undef UVS_REG
#undef UVS_FIELD
}

int main(int argc, char **argv)
{
    const char *name = STR(DEF_NAME);
    if (argc == 2 && strcmp(argv[1], "c") == 0) {
        printf("/* Generated from include/%s by include/gen/abigen.c: do not edit. */\n", DEF_FILE);
        printf("#ifndef UVMSOC_%s_H\n#define UVMSOC_%s_H\n", name, name);
        printf("#ifdef __ASSEMBLER__\n#define UVS_U64(x) x\n#else\n#define UVS_U64(x) x##ULL\n#endif\n");
        emit(c_hex);
        printf("#endif\n");
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "sv") == 0) {
        printf("// Generated from include/%s by include/gen/abigen.c: do not edit.\n", DEF_FILE);
        printf("package uvs_%s_pkg;\n", name);
        emit(sv_hex);
        printf("endpackage\n");
        return 0;
    }
    fprintf(stderr, "usage: %s c|sv\n", argv[0]);
    return 2;
}
