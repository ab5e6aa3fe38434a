/*
 * Writes the binary seeds of the fuzz corpus (tests/fuzz/corpus/, committed)
 * for the targets whose inputs are records: well-formed examples built with
 * the project's own encoders and ABI structs, so the fuzzer starts past the
 * first checks. Run by tests/fuzz/make_seeds.sh; not part of make fuzz.
 * Usage: make_seeds <corpus dir>
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/cosim.h>

#include "uvs_broker.h"
#include <uvmsoc/hostif.h>
#include <uvmsoc/hostq.h>
#include <uvmsoc/uvm_abi.h>

#include "uvs_iommu_rec.h"

static const char *dir;

static void put(const char *target, const char *name, const void *p, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s/%s", dir, target, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n || fclose(f)) {
        perror(path);
        exit(1);
    }
}

static void cosim(void)
{
    union uvs_cosim_msg m;
    uint8_t out[UVS_COSIM_MSG_SIZE];
    memset(&m, 0, sizeof m);
    m.hdr = (struct uvs_cosim_hdr){.magic = UVS_COSIM_MAGIC, .type = UVS_COSIM_HELLO, .seq = 1};
    m.hello.version = UVS_COSIM_VERSION;
    m.hello.client_pid = 1234;
    if (uvs_cosim_encode(&m, out) == 0)
        put("cosim_msg", "hello", out, sizeof out);
    memset(&m, 0, sizeof m);
    m.hdr = (struct uvs_cosim_hdr){.magic = UVS_COSIM_MAGIC, .type = UVS_COSIM_MMIO_WRITE, .seq = 2, .cycle = 100};
    m.mmio.addr = 0x40;
    m.mmio.data = 0x1234;
    m.mmio.size = 4;
    if (uvs_cosim_encode(&m, out) == 0)
        put("cosim_msg", "mmio-write", out, sizeof out);
    m.hdr.type = UVS_COSIM_MMIO_READ;
    m.mmio.data = 0;
    m.mmio.size = 8;
    if (uvs_cosim_encode(&m, out) == 0)
        put("cosim_msg", "mmio-read", out, sizeof out);
    put("cosim_msg", "short", out, 17);
}

/* Broker messages (uvs_broker.h): a HELLO, an ALLOC, a full LAUNCH, an ERROR reply, and a short one. */
static void broker(void)
{
    struct uvs_brk_msg m;
    uint8_t out[UVS_BRK_MSG_SIZE];
    memset(&m, 0, sizeof m);
    m.version = UVS_BRK_VERSION;
    m.type = UVS_BRK_HELLO;
    m.seq = 1;
    if (uvs_brk_encode(&m, out) == 0)
        put("broker_msg", "hello", out, sizeof out);
    m.type = UVS_BRK_ALLOC;
    m.seq = 2;
    m.val[0] = 16384;
    if (uvs_brk_encode(&m, out) == 0)
        put("broker_msg", "alloc", out, sizeof out);
    m.type = UVS_BRK_LAUNCH;
    m.seq = 3;
    m.grid_dim = 4;
    m.block_dim = 1;
    m.nargs = 3;
    m.arg[0] = 0x200000000000ull;
    m.arg[1] = 16384;
    m.arg[2] = 7;
    strcpy(m.name, "pattern");
    if (uvs_brk_encode(&m, out) == 0)
        put("broker_msg", "launch", out, sizeof out);
    memset(&m, 0, sizeof m);
    m.version = UVS_BRK_VERSION;
    m.type = UVS_BRK_ERROR;
    m.status = -EBADMSG;
    strcpy(m.name, "bad message: short message: 10 bytes, every message is 320");
    if (uvs_brk_encode(&m, out) == 0)
        put("broker_msg", "error", out, sizeof out);
    put("broker_msg", "short", out, 10);
}

static void fw_cmd(void)
{
    struct uvs_hostq_cmd c = {.opcode = UVS_HOSTQ_OP_NOP, .flags = UVS_HOSTQ_CMD_F_EVENT, .cookie = 7, .arg = {42}};
    put("fw_cmd", "nop", &c, sizeof c);
    c = (struct uvs_hostq_cmd){.opcode = UVS_HOSTQ_OP_LAUNCH, .cookie = 8,
                               .arg = {0x80100000ULL, 0x80200000ULL, (4ULL << 32) | 2, 1000000}};
    uint8_t b[sizeof c + 6] = {0};
    memcpy(b, &c, sizeof c);
    b[sizeof c] = 0; /* UVS_LAUNCH_OK */
    put("fw_cmd", "launch", b, sizeof b);
    c.opcode = 0x7777;
    put("fw_cmd", "unknown-op", &c, sizeof c);
}

static void fault_ring(void)
{
    struct uvs_uvm_frec r[4] = {
        {.did = 1, .page = 0x40000000ULL, .prgi = 1, .access = 1},
        {.did = 1, .page = 0x40001000ULL, .prgi = 2, .access = 2},
        {.did = 2, .page = 0x80000000ULL, .prgi = 3, .access = 1, .dups = 3},
        {.did = 9, .page = 0x1000, .prgi = 4, .access = 1},
    };
    uint8_t b[2 + sizeof r];
    b[0] = 0; /* policy 0, records as they are */
    b[1] = 0; /* the fake device succeeds */
    memcpy(b + 2, r, sizeof r);
    put("fault_ring", "batch", b, sizeof b);
    b[0] = 6; /* superpage policy, records aimed at the ranges */
    b[1] = 0x40;
    put("fault_ring", "batch-aimed", b, sizeof b);
}

static void fault_batch(void)
{
    uint8_t b[1 + 4 * UVS_IOMMU_PQREC_SIZE + 1 + 1 + 5];
    size_t n = 0;
    b[n++] = 0; /* drain */
    for (unsigned i = 0; i < 4; i++) {
        struct uvs_iommu_page_req r = {.did = 5 + (i & 1), .prgi = (uint16_t)i, .r = true, .w = i == 2, .l = true,
                                       .addr = 0x40000000ULL + (i / 2) * 0x1000};
        if (uvs_iommu_pq_encode(&r, b + n) < 0)
            exit(1);
        n += UVS_IOMMU_PQREC_SIZE;
    }
    b[n++] = 1 | (0 << 2); /* flush with host head 0 */
    b[n++] = 3;            /* check tables */
    b[n++] = 2;            /* replay did 5 prgi 0: success */
    b[n++] = 5;
    b[n++] = 0;
    b[n++] = 0;
    b[n++] = 0;
    put("fault_batch", "drain-flush-replay", b, n);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: make_seeds <corpus dir>\n");
        return 2;
    }
    dir = argv[1];
    cosim();
    broker();
    fw_cmd();
    fault_ring();
    fault_batch();
    return 0;
}
