/* Boot ROM image (docs/architecture.md, "Boot flow"). */
#include "bootrom.h"

#include <errno.h>
#include <string.h>
#include <uvmsoc/memmap.h>

/* RISC-V base opcodes and registers used by the ROM (unprivileged spec 2.2-2.6). */
enum { OP_LOAD = 0x03, OP_AUIPC = 0x17, OP_BRANCH = 0x63, OP_JALR = 0x67, OP_SYSTEM = 0x73 };
enum { REG_ZERO = 0, REG_T0 = 5, REG_T1 = 6, REG_A0 = 10, REG_A1 = 11 };
#define CSR_MHARTID 0xf14u

/* I-type instruction: imm[11:0] rs1 funct3 rd opcode. */
static uint32_t itype(uint32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op)
{
    return (imm & 0xfffu) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* BNE rs1, x0, +off (B-type, off even and small): imm[12|10:5] rs2 rs1 001 imm[4:1|11]. */
static uint32_t bnez(uint32_t rs1, uint32_t off)
{
    return ((off >> 12) & 1u) << 31 | ((off >> 5) & 0x3fu) << 25 | rs1 << 15 | 1u << 12 |
           ((off >> 1) & 0xfu) << 8 | ((off >> 11) & 1u) << 7 | OP_BRANCH;
}

int uvs_bootrom_build(uint8_t *rom, size_t size, uint64_t entry, uint64_t dtb_addr, uint64_t mentry)
{
    const uint32_t auipc_off = 4; /* ROM offset of the auipc below */
    uint32_t code[8];

    if (size < UVS_BOOTROM_MENTRY_OFF + 8)
        return -EINVAL;
    memset(rom, 0, size);
    code[0] = itype(CSR_MHARTID, REG_ZERO, 2 /* CSRRS */, REG_A0, OP_SYSTEM);
    code[1] = REG_T0 << 7 | OP_AUIPC;
    code[2] = itype((uint32_t)UVS_BOOTROM_DTB_OFF - auipc_off, REG_T0, 3 /* LD */, REG_A1, OP_LOAD);
    code[3] = itype((uint32_t)UVS_BOOTROM_MENTRY_OFF - auipc_off, REG_T0, 3 /* LD */, REG_T1, OP_LOAD);
    code[4] = bnez(REG_A0, 8);  /* to code[6] */
    code[5] = bnez(REG_T1, 8);  /* to code[7] */
    code[6] = itype((uint32_t)UVS_BOOTROM_ENTRY_OFF - auipc_off, REG_T0, 3 /* LD */, REG_T1, OP_LOAD);
    code[7] = itype(0, REG_T1, 0, REG_ZERO, OP_JALR);
    _Static_assert(sizeof code <= UVS_BOOTROM_ENTRY_OFF, "boot ROM code overlaps its data words");
    for (size_t i = 0; i < sizeof code / sizeof code[0]; i++)
        put32(rom + 4 * i, code[i]);
    put64(rom + UVS_BOOTROM_ENTRY_OFF, entry);
    put64(rom + UVS_BOOTROM_DTB_OFF, dtb_addr);
    put64(rom + UVS_BOOTROM_MENTRY_OFF, mentry);
    return 0;
}
