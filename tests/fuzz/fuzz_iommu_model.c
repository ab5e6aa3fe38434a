/*
 * libFuzzer target for the IOMMU reference model (clang-14
 * -fsanitize=fuzzer,address,undefined). The first input byte picks a mode:
 *   0: command/fault/page-request decoders; a record that decodes must
 *      encode back to the same bytes.
 *   1: the walker over a 16-KiB memory filled from the input, with a device
 *      context and a request from the input; results must be consistent
 *      (page offset kept, defined causes, page requests only with UVS_PRQ).
 *   2: the stateful model: register writes, commands and translations from
 *      the input; queue indexes must stay inside their queues.
 * Any violated property traps; sanitizers catch memory and UB errors.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "uvs_iommu_model.h"

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)
#define MEM_BASE 0x80000000ULL
#define MEM_SIZE 16384

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t take64(const uint8_t **p, size_t *n)
{
    uint8_t b[8] = {0};
    size_t k = *n < 8 ? *n : 8;
    memcpy(b, *p, k);
    *p += k;
    *n -= k;
    return uvs_le64_get(b);
}

static void fuzz_records(const uint8_t *d, size_t n)
{
    uint8_t buf[32] = {0}, out[32];
    memcpy(buf, d, n < 32 ? n : 32);
    struct uvs_iommu_cmd c;
    if (uvs_iommu_cmd_decode(buf, &c) == 0) {
        CHECK(uvs_iommu_cmd_encode(&c, out) == 0);
        CHECK(memcmp(buf, out, 16) == 0);
    }
    struct uvs_iommu_fault_rec f;
    if (uvs_iommu_fq_decode(buf, &f) == 0) {
        CHECK(uvs_iommu_fq_encode(&f, out) == 0);
        CHECK(memcmp(buf, out, 32) == 0);
    }
    struct uvs_iommu_page_req r;
    if (uvs_iommu_pq_decode(buf, &r) == 0) {
        CHECK(uvs_iommu_pq_encode(&r, out) == 0);
        CHECK(memcmp(buf, out, 16) == 0);
    }
}

static void fuzz_walk(const uint8_t *d, size_t n, uint8_t *mem)
{
    struct uvs_iommu_flatmem fm = {.buf = mem, .base = MEM_BASE, .size = MEM_SIZE, .poison_pa = UINT64_MAX};
    struct uvs_iommu_mem ops;
    uvs_iommu_flatmem_ops(&fm, &ops);
    uint64_t ctl = take64(&d, &n);
    uint64_t iova = take64(&d, &n);
    memset(mem, 0, MEM_SIZE);
    memcpy(mem, d, n < MEM_SIZE ? n : MEM_SIZE);
    /* PTE PPNs in the input point anywhere; make the root one of the 4 pages. */
    struct uvs_iommu_dc dc = {
        .mode = (ctl & 1) ? UVS_IOMMU_IOSATP_SV48 : ((ctl & 2) ? UVS_IOMMU_IOSATP_SV39 : UVS_IOMMU_IOSATP_BARE),
        .root_ppn = (MEM_BASE >> 12) + ((ctl >> 2) & 3),
        .pscid = (uint32_t)(ctl >> 40) & 0xfffff,
        .dtf = ctl & (1 << 4), .sade = ctl & (1 << 5), .prq = ctl & (1 << 6),
        .ens = ctl & (1 << 7), .sum = ctl & (1 << 8),
    };
    struct uvs_iommu_req req = {.did = (uint32_t)(ctl >> 16) & 0xffffff, .iova = iova,
                                .access = (enum uvs_iommu_access)((ctl >> 9) % 3),
                                .priv = (enum uvs_iommu_priv)((ctl >> 11) & 1)};
    struct uvs_iommu_result res;
    int rc = uvs_iommu_ref_translate(&dc, &ops, &req, &res);
    CHECK(rc == 0);
    switch (res.status) {
    case UVS_IOMMU_OK:
        CHECK(res.page_size == 1ULL << 12 || res.page_size == 1ULL << 21 || res.page_size == 1ULL << 30 ||
              res.page_size == 1ULL << 39);
        CHECK(((res.pa ^ iova) & (res.page_size - 1)) == 0);
        CHECK(dc.mode == UVS_IOMMU_IOSATP_BARE || (res.pte & 1));
        break;
    case UVS_IOMMU_FAULT:
        CHECK(uvs_iommu_cause_defined(res.cause));
        break;
    case UVS_IOMMU_PAGE_REQUEST:
        CHECK(dc.prq);
        break;
    default:
        CHECK(0);
    }
}

static void fuzz_model(const uint8_t *d, size_t n, uint8_t *mem)
{
    static struct uvs_iommu_model m;
    struct uvs_iommu_flatmem fm = {.buf = mem, .base = MEM_BASE, .size = MEM_SIZE, .poison_pa = UINT64_MAX};
    struct uvs_iommu_mem ops;
    uvs_iommu_flatmem_ops(&fm, &ops);
    memset(mem, 0, MEM_SIZE);
    memcpy(mem, d, n < MEM_SIZE ? n : MEM_SIZE);
    uvs_iommu_model_init(&m, UVS_IOMMU_CAPS_UVMSOC);
    /* Steps of 10 bytes: kind, offset/size, 8-byte value. */
    for (unsigned step = 0; step < 64 && n >= 10; step++) {
        uint8_t kind = d[0], sel = d[1];
        d += 2;
        n -= 2;
        uint64_t v = take64(&d, &n);
        switch (kind % 4) {
        case 0: {
            uint32_t off = (uint32_t)(sel * 4) & 0xffc;
            uvs_iommu_model_reg_write(&m, off, (sel & 1) ? 8 : 4, v);
            break;
        }
        case 1:
            uvs_iommu_model_process_commands(&m, &ops, sel % 16);
            break;
        case 2: {
            struct uvs_iommu_req req = {.did = sel & 0x7f, .iova = v, .access = (enum uvs_iommu_access)(kind / 4 % 3),
                                        .priv = (enum uvs_iommu_priv)(kind / 16 & 1)};
            struct uvs_iommu_result res;
            int rc = uvs_iommu_model_translate(&m, &ops, &req, step, &res);
            CHECK(rc == 0 || rc == -EAGAIN);
            break;
        }
        default: {
            struct uvs_iommu_req req;
            uint64_t tag;
            uint8_t resp;
            CHECK(uvs_iommu_model_pop_released(&m, &req, &tag, &resp) >= 0);
            break;
        }
        }
        CHECK(m.cq.head < uvs_iommu_queue_entries(m.cq.base) && m.cq.tail < uvs_iommu_queue_entries(m.cq.base));
        CHECK(m.fq.head < uvs_iommu_queue_entries(m.fq.base) && m.fq.tail < uvs_iommu_queue_entries(m.fq.base));
        CHECK(m.pq.head < uvs_iommu_queue_entries(m.pq.base) && m.pq.tail < uvs_iommu_queue_entries(m.pq.base));
        CHECK(uvs_iommu_model_parked(&m) <= UVS_IOMMU_MODEL_PARK);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t mem[MEM_SIZE];
    if (size < 1)
        return 0;
    switch (data[0] % 3) {
    case 0: fuzz_records(data + 1, size - 1); break;
    case 1: fuzz_walk(data + 1, size - 1, mem); break;
    default: fuzz_model(data + 1, size - 1, mem); break;
    }
    return 0;
}
