/*
 * Unit tests (cmocka) of sim/dma_exec.c, sim/link.c and the HBM part of
 * sim/mem.c: descriptor checks and statuses with the first failing address
 * (dma.def), completion records, data copies between host memory, SRAM and
 * HBM, and the timing model's arithmetic (link.h).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dma_exec.h"

#define HOST_BUS 0x100000000ull
#define HOST_SIZE (1u << 20)
#define SRAM_SIZE (1u << 20)
#define HBM_SIZE (4u << 20)

struct fx {
    struct uvs_mem mem;
    struct uvs_link_model lm;
    struct uvs_memsys ms;
    uint8_t host[HOST_SIZE];
    struct uvs_dma_env env;
};

static int setup(void **state)
{
    static struct fx f;
    memset(&f, 0, sizeof f);
    if (uvs_mem_init(&f.mem, SRAM_SIZE) || uvs_mem_hbm_init(&f.mem, HBM_SIZE))
        return -1;
    /* at 1 GHz: link 25 B/cycle, 500 cycles one way; HBM 256 B/cycle (4 ports x 64 B), 100 cycles */
    if (uvs_link_at_clock(&f.lm, 1000) || uvs_memsys_init(&f.ms, &f.lm))
        return -1;
    f.env = (struct uvs_dma_env){.mem = &f.mem, .host = f.host, .host_base = HOST_BUS, .host_size = HOST_SIZE,
                                 .model = &f.lm, .ms = &f.ms, .now = 0};
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    struct fx *f = *state;
    uvs_mem_fini(&f->mem);
    uvs_memsys_fini(&f->ms);
    return 0;
}

/* Put descriptor d at host ring slot 0, run it with the host channel; completion in c. */
static int run_host(struct fx *f, const struct uvs_dma_desc *d, struct uvs_dma_cpl *c, uint64_t *cycles,
                    uint64_t *err, bool *irq)
{
    struct uvs_dma_job job;
    memcpy(f->host, d, sizeof *d);
    *cycles = uvs_dma_start(&f->env, UVS_DMA_CHAN_HOST, HOST_BUS, 7, &job);
    int st = uvs_dma_finish(&f->env, UVS_DMA_CHAN_HOST, &job, HOST_BUS + 0x1000, err, irq);
    memcpy(c, f->host + 0x1000, sizeof *c);
    return st;
}

static void test_xfer_rounding(void **state)
{
    (void)state;
    assert_int_equal(uvs_link_xfer(0, 25u << 16), 0);
    assert_int_equal(uvs_link_xfer(25, 25u << 16), 1);
    assert_int_equal(uvs_link_xfer(26, 25u << 16), 2);
    assert_int_equal(uvs_link_xfer(2u << 20, 25u << 16), 83887); /* 2 MiB / 25 rounded up */
    uint32_t bw;
    assert_int_equal(uvs_link_parse_bw("12.5", &bw), 0);
    assert_int_equal(bw, (25u << 16) / 2);
    assert_int_equal(uvs_link_parse_bw("0", &bw), -EINVAL);
    assert_int_equal(uvs_link_parse_bw("x", &bw), -EINVAL);
    assert_int_equal(uvs_link_parse_bw("70000", &bw), -EINVAL);
}

static void test_h2d_copies_and_times(void **state)
{
    struct fx *f = *state;
    for (unsigned i = 0; i < 8192; i++)
        f->host[0x2000 + i] = (uint8_t)(i * 7);
    struct uvs_dma_desc d = {.opcode = UVS_DMA_OP_H2D, .flags = UVS_DMA_FLAG_IRQ, .len = 8192,
                             .src = HOST_BUS + 0x2000, .dst = UVS_HBM_BASE + 0x100, .cookie = 0xc0ffee};
    struct uvs_dma_cpl c;
    uint64_t cyc, err;
    bool irq;
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_OK);
    assert_true(irq);
    assert_memory_equal(f->mem.hbm + 0x100, f->host + 0x2000, 8192);
    assert_int_equal(c.cookie, 0xc0ffee);
    assert_int_equal(c.status, UVS_DMA_ST_OK);
    assert_int_equal(c.bytes, 8192);
    assert_int_equal(c.index, 7);
    assert_int_equal(c.opcode, UVS_DMA_OP_H2D);
    /* On an idle memory system from cycle 0: fetch 2L + 32/25 rounded up =
     * 1002; the stream's data leaves the host from 1002 + L and the link moves
     * 8192/25 = 327.68 cycles of it, it arrives L later, the last 256-byte
     * chunk passes the engine's data path (128 B/cycle: 2 cycles), takes 1
     * cycle of HBM and its latency: 1002 + 500 + 327.68 + 500 + 2 + 1 + 100 =
     * 2432.68 -> 2433; the completion (posted) 32/25 more -> 2435. */
    assert_int_equal(cyc, 2435);
    struct uvs_memsys_stat h2d = uvs_memsys_stat(&f->ms, UVS_MEMSYS_LINK_H2D);
    assert_int_equal(h2d.bytes, 32 + 8192); /* descriptor and data came over the link */
    assert_int_equal(uvs_memsys_stat(&f->ms, UVS_MEMSYS_LINK_D2H).bytes, 32); /* the completion went out */
    assert_int_equal(uvs_memsys_stat(&f->ms, UVS_MEMSYS_HBM).bytes, 8192);
    /* The same descriptor again from cycle 0 queues behind the first on the link. */
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_OK);
    assert_true(cyc > 2433 + 300);
}

static void test_bad_addresses(void **state)
{
    struct fx *f = *state;
    struct uvs_dma_cpl c;
    uint64_t cyc, err;
    bool irq;
    /* host source outside host memory: DMA_ST_LINK at the address */
    struct uvs_dma_desc d = {.opcode = UVS_DMA_OP_H2D, .len = 64, .src = 0x5000, .dst = UVS_SRAM_BASE};
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_LINK);
    assert_int_equal(c.status, UVS_DMA_ST_LINK);
    assert_int_equal(c.err_addr, 0x5000);
    assert_int_equal(err, 0x5000);
    /* host range running past its end: the first byte outside */
    d.src = HOST_BUS + HOST_SIZE - 32;
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_LINK);
    assert_int_equal(c.err_addr, HOST_BUS + HOST_SIZE);
    /* device destination past the populated HBM */
    d = (struct uvs_dma_desc){.opcode = UVS_DMA_OP_H2D, .len = 4096, .src = HOST_BUS + 0x2000,
                              .dst = UVS_HBM_BASE + HBM_SIZE - 16};
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_BAD_DST);
    assert_int_equal(c.err_addr, UVS_HBM_BASE + HBM_SIZE);
    /* device source in the boot ROM is not DMA memory */
    d = (struct uvs_dma_desc){.opcode = UVS_DMA_OP_D2H, .len = 8, .src = UVS_BOOTROM_BASE, .dst = HOST_BUS + 0x2000};
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_BAD_SRC);
    assert_int_equal(c.err_addr, UVS_BOOTROM_BASE);
    assert_false(irq);
}

static void test_bad_fields(void **state)
{
    struct fx *f = *state;
    struct uvs_dma_cpl c;
    uint64_t cyc, err;
    bool irq;
    struct uvs_dma_desc d = {.opcode = 9, .len = 8, .src = UVS_SRAM_BASE, .dst = UVS_SRAM_BASE + 8};
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_BAD_OPCODE);
    d.opcode = UVS_DMA_OP_D2D;
    d.rsvd = 1;
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_BAD_OPCODE);
    d.rsvd = 0;
    d.flags = 0x80;
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_BAD_OPCODE);
    d.flags = 0;
    d.len = 0;
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_BAD_LEN);
    d.len = UVS_DMA_MAX_LEN + 1;
    assert_int_equal(run_host(f, &d, &c, &cyc, &err, &irq), UVS_DMA_ST_BAD_LEN);
    assert_int_equal(c.bytes, 0);
}

static void test_ring_faults(void **state)
{
    struct fx *f = *state;
    struct uvs_dma_job job;
    uint64_t err;
    bool irq;
    /* descriptor ring outside host memory: no completion, address reported */
    uvs_dma_start(&f->env, UVS_DMA_CHAN_HOST, 0x9000, 0, &job);
    assert_int_equal(uvs_dma_finish(&f->env, UVS_DMA_CHAN_HOST, &job, HOST_BUS, &err, &irq), UVS_DMA_X_DESC_FAULT);
    assert_int_equal(err, 0x9000);
    /* completion ring outside memory */
    struct uvs_dma_desc d = {.opcode = UVS_DMA_OP_D2D, .len = 8, .src = UVS_SRAM_BASE, .dst = UVS_SRAM_BASE + 8};
    memcpy(f->host, &d, sizeof d);
    uvs_dma_start(&f->env, UVS_DMA_CHAN_HOST, HOST_BUS, 0, &job);
    assert_int_equal(uvs_dma_finish(&f->env, UVS_DMA_CHAN_HOST, &job, 0x40, &err, &irq), UVS_DMA_X_CPL_FAULT);
    assert_int_equal(err, 0x40);
    /* firmware channel: rings in device memory, overlapping D2D is a memmove */
    for (unsigned i = 0; i < 16; i++)
        f->mem.sram[0x100 + i] = (uint8_t)i;
    d = (struct uvs_dma_desc){.opcode = UVS_DMA_OP_D2D, .len = 12, .src = UVS_SRAM_BASE + 0x100,
                              .dst = UVS_SRAM_BASE + 0x104};
    memcpy(f->mem.sram, &d, sizeof d);
    uvs_dma_start(&f->env, UVS_DMA_CHAN_FW, UVS_SRAM_BASE, 0, &job);
    assert_int_equal(uvs_dma_finish(&f->env, UVS_DMA_CHAN_FW, &job, UVS_SRAM_BASE + 0x1000, &err, &irq),
                     UVS_DMA_ST_OK);
    static const uint8_t want[16] = {0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    assert_memory_equal(f->mem.sram + 0x100, want, 16);
}

/* Run an H2D copy of len bytes into HBM on a fresh memory system with model m; its cycles. */
static uint64_t h2d_cycles(struct fx *f, const struct uvs_link_model *m, uint32_t len)
{
    struct uvs_memsys ms;
    assert_int_equal(uvs_memsys_init(&ms, m), 0);
    struct uvs_dma_env e = f->env;
    e.model = m;
    e.ms = &ms;
    struct uvs_dma_desc d = {.opcode = UVS_DMA_OP_H2D, .len = len, .src = HOST_BUS + 0x2000, .dst = UVS_HBM_BASE};
    memcpy(f->host, &d, sizeof d);
    struct uvs_dma_job job;
    uint64_t cyc = uvs_dma_start(&e, UVS_DMA_CHAN_HOST, HOST_BUS, 0, &job);
    uvs_memsys_fini(&ms);
    return cyc;
}

/* The engine's data path (dma_bw_fx) bounds a stream the link would carry faster. */
static void test_data_path_bound(void **state)
{
    struct fx *f = *state;
    struct uvs_link_model m = f->lm; /* 1 GHz: link 25 B/cycle */
    assert_int_equal(m.dma_bw_fx, (UVS_DMA_PORTS * UVS_DMA_PORT_BYTES) << 16);
    uint64_t wide = h2d_cycles(f, &m, 65536);
    /* the link bounds it: 65536 / 25 = 2621.44 cycles of data + fetch, two latencies, completion */
    assert_in_range(wide, 1002 + 1000 + 2621, 1002 + 1000 + 2621 + 110);
    m.dma_bw_fx = 5u << 16; /* a data path of 5 B/cycle: 65536 / 5 = 13107.2 cycles */
    uint64_t narrow = h2d_cycles(f, &m, 65536);
    /* the first chunk arrives after fetch and a round trip (2012), the path then sets the pace; HBM write and completion ~100 */
    assert_in_range(narrow, 1002 + 1000 + 13107, 1002 + 1000 + 13107 + 130);
    m.dma_bw_fx = 0; /* 0: no data-path limit, the link's figure again (without the 2 cycles of the path) */
    assert_in_range(h2d_cycles(f, &m, 65536), wide - 3, wide);
}

/* At most dma_tags reads outstanding: one tag makes every 256-byte read wait for the previous one's data. */
static void test_read_tags(void **state)
{
    struct fx *f = *state;
    struct uvs_link_model m = f->lm;
    assert_int_equal(m.dma_tags, UVS_DMA_TAGS);
    uint64_t many = h2d_cycles(f, &m, 8192);
    m.dma_tags = 1; /* 32 reads one after the other: each a round trip of 2 x 500 + 256/25 cycles */
    uint64_t one = h2d_cycles(f, &m, 8192);
    assert_in_range(one, 1002 + 32 * 1010, 1002 + 32 * 1011 + 110);
    m.dma_tags = 4; /* 4 in flight: 8 round trips */
    uint64_t four = h2d_cycles(f, &m, 8192);
    assert_in_range(four, 1002 + 8 * 1010, 1002 + 8 * 1011 + 300);
    assert_true(many < four && four < one);
}

static void test_hbm_bus_access(void **state)
{
    struct fx *f = *state;
    uint64_t r;
    assert_int_equal(uvs_mem_access(&f->mem, 1, UVS_HBM_BASE + 8, true, 0xff, 0x1234, 0, &r), 0);
    assert_int_equal(uvs_mem_access(&f->mem, 1, UVS_HBM_BASE + 8, false, 0xff, 0, 0, &r), 0);
    assert_int_equal(r, 0x1234);
    assert_int_equal(uvs_mem_access(&f->mem, 1, UVS_HBM_BASE + HBM_SIZE, false, 0xff, 0, 0, &r), -EFAULT);
    uvs_mem_clear(&f->mem);
    assert_int_equal(uvs_mem_access(&f->mem, 1, UVS_HBM_BASE + 8, false, 0xff, 0, 0, &r), 0);
    assert_int_equal(r, 0);
    assert_int_equal(uvs_mem_hbm_init(&f->mem, 12345), -EINVAL);
    assert_int_equal(uvs_mem_hbm_init(&f->mem, HBM_SIZE), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xfer_rounding),
        cmocka_unit_test(test_h2d_copies_and_times),
        cmocka_unit_test(test_bad_addresses),
        cmocka_unit_test(test_bad_fields),
        cmocka_unit_test(test_ring_faults),
        cmocka_unit_test(test_data_path_bound),
        cmocka_unit_test(test_read_tags),
        cmocka_unit_test(test_hbm_bus_access),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
