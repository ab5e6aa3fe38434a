/*
 * abigen: generate the C header or the SystemVerilog package for one ABI
 * description file (include/uvmsoc/<name>.def).
 *
 * Build: cc -DDEF_FILE='"uvmsoc/memmap.def"' -DDEF_NAME=memmap -Iinclude abigen.c
 * Run:   abigen c  > memmap.h      (C and assembler header)
 *        abigen sv > uvs_memmap_pkg.sv
 * Exit status 2 on a bad argument.
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

static void emit(void (*f)(const char *, unsigned long long, const char *))
{
    char n[128];
    (void)n;
#define UVS_REGION(name, base, size, doc)                    \
    snprintf(n, sizeof n, "%s_BASE", #name); f(n, base, doc); \
    snprintf(n, sizeof n, "%s_SIZE", #name); f(n, size, "size in bytes of " #name);
#define UVS_CONST(name, value, doc) f(#name, value, doc);
#include DEF_FILE
#undef UVS_REGION
#undef UVS_CONST
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
