/*
 * dump.c - the signature of a differential-test run: registers x1..x31 and
 * the data region as text, identical on both harnesses so that comparing
 * two runs is a plain diff (difftest.h describes the format).
 *
 * Built with -DDT_PERTURB_REG=N (negative test only), the dump flips bit 0
 * of register xN, so the runner must report a mismatch on that register.
 */
#include "difftest.h"

/* Registers stored by DT_EPILOGUE and the trap log (link.ld places
 * .dt.save at DT_SAVE_ADDR). */
__attribute__((section(".dt.save"))) struct dt_save dt_save;

/* 31 register lines of 21 bytes, region lines of 27 bytes, the trap count
 * (23), trap pcs (19 each), "end\n". */
static char dt_buf[31 * 21 + (DT_REGION_SIZE / 8) * 27 + 24 + DT_TRAP_MAX * 19 + 8];

/* Appends v as `digits` lower-case hex digits at p; returns the end. */
static char *put_hex(char *p, uint64_t v, int digits)
{
    for (int i = digits - 1; i >= 0; i--) {
        unsigned d = (unsigned)(v >> (4 * i)) & 0xf;
        *p++ = (char)(d < 10 ? '0' + d : 'a' + d - 10);
    }
    return p;
}

/* Appends the NUL-terminated s at p; returns the end. */
static char *put_str(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

void dt_dump(void)
{
    char *p = dt_buf;
    for (int r = 1; r < 32; r++) {
        uint64_t v = dt_save.regs[r];
#ifdef DT_PERTURB_REG
        if (r == DT_PERTURB_REG)
            v ^= 1;
#endif
        *p++ = 'x';
        *p++ = (char)('0' + r / 10);
        *p++ = (char)('0' + r % 10);
        *p++ = ' ';
        p = put_hex(p, v, 16);
        *p++ = '\n';
    }
    for (unsigned i = 0; i < DT_REGION_SIZE / 8; i++) {
        p = put_str(p, "m ");
        p = put_hex(p, (uint64_t)DT_REGION_ADDR + 8 * i, 8);
        *p++ = ' ';
        p = put_hex(p, difftest_region[i], 16);
        *p++ = '\n';
    }
    p = put_str(p, "traps ");
    p = put_hex(p, dt_save.ntraps, 16);
    *p++ = '\n';
    for (uint64_t i = 0; i < dt_save.ntraps && i < DT_TRAP_MAX; i++) {
        p = put_str(p, "t ");
        p = put_hex(p, dt_save.trap_pc[i], 16);
        *p++ = '\n';
    }
    p = put_str(p, "end\n");
    dt_write(dt_buf, (size_t)(p - dt_buf));
}

void dt_report_trap(uint64_t mcause, uint64_t mepc, uint64_t mtval)
{
    char line[96];
    char *p = put_str(line, "trap mcause=");
    p = put_hex(p, mcause, 16);
    p = put_str(p, " mepc=");
    p = put_hex(p, mepc, 16);
    p = put_str(p, " mtval=");
    p = put_hex(p, mtval, 16);
    *p++ = '\n';
    dt_write(line, (size_t)(p - line));
}
