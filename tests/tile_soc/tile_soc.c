/*
 * Tile engine in the SoC, driven by the management hart (issue 13; run on
 * config c4 with --hbm). Hart 0 builds a device directory and an Sv39 page
 * table in HBM and turns on the IOMMU's queues and translation (as
 * tests/iommu_soc), writes descriptors (tile.def) into compute hart 1's
 * scratchpad and has hart 1 submit them to its engine; then checks:
 *   - 1-D copy-in over three pages from an unaligned-to-64 VA, data right;
 *   - 2-D copy-in (rows at a stride), data right;
 *   - copy-out into a page: data in HBM, the PTE's D bit set;
 *   - gather whose first row lies on a non-valid page: a page request
 *     appears, the rows on mapped pages arrive in the scratchpad BEFORE the
 *     replay (the generator went on), the descriptor is not complete; after
 *     PAGE_REPLAY (Success) every row is there and STATUS is OK;
 *   - scatter: rows land at their table rows;
 *   - queue full: with a parked descriptor at the head, TILE_QDEPTH more
 *     are queued and the next submit answers TICKET = -1; all complete after
 *     the replay, DONE counts them;
 *   - gather index >= table rows: STATUS INDEX, cause 5, ERR_VA = that row;
 *   - copy-out to a read-only page: STATUS FAULT, cause 7, ERR_VA, and the
 *     page unchanged;
 *   - a page request answered Failure (a VA outside every allocation):
 *     STATUS FAULT, cause 5, ERR_VA;
 *   - bad descriptors (zero rows, unaligned VA, tile past the scratchpad,
 *     1-D with 2 rows, unknown op): TICKET = -2, nothing queued; a SUBMIT
 *     offset that is no descriptor slot: store access fault on hart 1;
 *   - hart 1 reaching hart 2's engine registers: load access fault.
 * Ends through tohost: 1 = pass, else status = the failed step.
 */
#include <stdint.h>
#include <uvmsoc/iommu_structs.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/tile.h>

#include "tile_soc.h"

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(8)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(8)));

enum step {
    ST_SETUP = 1, ST_COPY = 2, ST_2D = 3, ST_OUT = 4, ST_PARK = 5, ST_REPLAY = 6, ST_SCATTER = 7,
    ST_FULL = 8, ST_INDEX = 9, ST_RO = 10, ST_FAILURE = 11, ST_INVALID = 12, ST_OTHER = 13,
    ST_TRAP = 14, ST_COMPUTE = 15, ST_CMDQ = 16, ST_TIMEOUT = 17
};

#define NPAGES 12
/* pages 0..7 RW; 8 read-only; 9 missing (replayed); 10 missing (Failure); 11 missing (queue-full test) */
enum { PG_RO = 8, PG_MISS = 9, PG_FAIL = 10, PG_MISS2 = 11 };
#define TIMEOUT 400000u

/* hart 1's scratchpad as hart 0 sees it */
#define SPAD1 (UVS_SPAD_BASE + UVS_TILE_SPAD_STRIDE)
#define DESC_AREA 0x30000u /* descriptor slots: offsets DESC_AREA + 64 * k */

#define SOC_TEST_NAME "tile_soc"
#include "../soclib/report.h"
#include "../soclib/iommu.h"

__attribute__((interrupt("machine"))) static void hart0_trap(void)
{
    uint64_t cause, tval;
    __asm__ volatile("csrr %0, mcause" : "=r"(cause));
    __asm__ volatile("csrr %0, mtval" : "=r"(tval));
    fail(ST_TRAP, "unexpected trap on hart 0, mtval", tval, cause);
}

static volatile uint64_t *spad64(uint64_t off) { return mem64(SPAD1 + off); }

#define LEAF_RO (UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_U_MASK | UVS_IOMMU_PTE_A_MASK)
#define LEAF_RW_CLEAN (UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_U_MASK)

/* Word i of data page p (its initial contents). */
static uint64_t word(unsigned p, unsigned i) { return ((uint64_t)(p + 1) << 32) | i; }
/* The 64-bit word at VA offset `off` from VA(0) (pages 0..7, initial contents). */
static uint64_t va_word(uint64_t off) { return word((unsigned)(off / PG), (unsigned)(off % PG / 8)); }

static uint64_t request(uint64_t op, uint64_t val)
{
    mbox1.op = op;
    mbox1.val = val;
    fence();
    mbox1.seq = mbox1.seq + 1;
    fence();
    *(volatile uint32_t *)(uintptr_t)(UVS_CLINT_BASE + UVS_CLINT_MSIP_OFF + 4) = 1;
    for (unsigned i = 0; mbox1.done_seq != mbox1.seq; i++) {
        fence();
        if (i > TIMEOUT)
            fail(ST_COMPUTE, "compute hart 1 answer", mbox1.done_seq, mbox1.seq);
    }
    return mbox1.result;
}

static void setup(void)
{
    soc_iommu_context();
    for (unsigned p = 0; p < NPAGES; p++)
        for (unsigned i = 0; i < PG / 8; i++)
            mem64(DATA_PA(p))[i] = word(p, i);
    for (unsigned p = 0; p < PG_RO; p++)
        mem64(L0_PA)[L0_INDEX(p)] = pte(DATA_PA(p), LEAF_RW_CLEAN);
    mem64(L0_PA)[L0_INDEX(PG_RO)] = pte(DATA_PA(PG_RO), LEAF_RO);
    fence();
    soc_iommu_queues_on(0, 0, ST_SETUP);
}

/* ---- descriptors ---- */
static uint32_t ticket_next; /* tickets the engine issued so far */

/* Writes descriptor slot k; returns its offset. */
static uint32_t desc(unsigned k, unsigned op, unsigned shape, uint64_t va, uint32_t spad, uint32_t row_bytes,
                     uint32_t rows, uint64_t stride, uint32_t idx)
{
    uint32_t off = DESC_AREA + 64 * k;
    volatile uint64_t *d = spad64(off);
    d[UVS_TILE_DESC_VA / 8] = va;
    d[UVS_TILE_DESC_SPAD / 8] = spad | (uint64_t)row_bytes << 32;
    d[UVS_TILE_DESC_ROWS / 8] = rows | (uint64_t)op << 32 | (uint64_t)shape << 40;
    d[UVS_TILE_DESC_STRIDE / 8] = stride;
    d[UVS_TILE_DESC_IDX / 8] = idx;
    d[UVS_TILE_DESC_ERR_VA / 8] = 0;
    d[UVS_TILE_DESC_STATUS / 8] = 0;
    d[UVS_TILE_DESC_TICKET / 8] = 0x5555;
    fence();
    return off;
}

/* Submits slot off, expecting it queued; returns its ticket. */
static uint64_t submit(unsigned st, uint32_t off)
{
    uint64_t t = request(OP_SUBMIT, off);
    check(st, "TICKET of a submit", t, ticket_next);
    ticket_next++;
    return t;
}

static uint64_t status_of(uint32_t off) { return spad64(off)[UVS_TILE_DESC_STATUS / 8]; }

/* Waits for the descriptor at off to complete; returns its STATUS word. */
static uint64_t wait_status(unsigned st, uint32_t off)
{
    for (unsigned i = 0; status_of(off) == 0; i++)
        if (i > TIMEOUT)
            fail(st, "descriptor never completed, DONE", request(OP_REG, UVS_TILE_REG_DONE), 0);
    return status_of(off);
}

static void expect_ok(unsigned st, uint32_t off, uint64_t ticket)
{
    uint64_t s = wait_status(st, off);
    check(st, "STATUS code", s & UVS_TILE_STATUS_CODE_MASK, UVS_TILE_ST_OK);
    check(st, "STATUS ticket", s >> UVS_TILE_STATUS_TICKET_SHIFT, ticket);
}

static void expect_fail(unsigned st, uint32_t off, uint64_t code, uint64_t cause, uint64_t va)
{
    uint64_t s = wait_status(st, off);
    check(st, "STATUS code", s & UVS_TILE_STATUS_CODE_MASK, code);
    check(st, "STATUS cause", (s & UVS_TILE_STATUS_CAUSE_MASK) >> UVS_TILE_STATUS_CAUSE_SHIFT, cause);
    check(st, "ERR_VA", spad64(off)[UVS_TILE_DESC_ERR_VA / 8], va);
}

/* Waits for a page request for page `va`; returns its PRGI and consumes the record. */
static uint64_t take_page_request(unsigned st, uint64_t va)
{
    uint32_t pqh = *reg32(UVS_IOMMU_PQH_OFF);
    for (unsigned i = 0; *reg32(UVS_IOMMU_PQT_OFF) == pqh; i++)
        if (i > TIMEOUT)
            fail(st, "no page request, pqt", pqh, pqh + 1);
    volatile struct uvs_iommu_pq_raw *rec =
        (volatile struct uvs_iommu_pq_raw *)(uintptr_t)(PQ_PA + (uint64_t)pqh * UVS_IOMMU_PQREC_SIZE);
    uint64_t pl = rec->payload;
    check(st, "page request address", pl & UVS_IOMMU_PQREC_DW1_ADDR_MASK, va);
    *reg32(UVS_IOMMU_PQH_OFF) = (pqh + 1) & ((1u << (PQ_LOG2SZM1 + 1)) - 1);
    *reg32(UVS_IOMMU_IPSR_OFF) = UVS_IOMMU_IPSR_PIP_MASK;
    return (pl & UVS_IOMMU_PQREC_DW1_PRGI_MASK) >> UVS_IOMMU_PQREC_DW1_PRGI_SHIFT;
}

static void replay(uint64_t prgi, uint64_t resp)
{
    command(UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY | ((uint64_t)UVS_UVA_DID << UVS_IOMMU_CMD_PAGE_REPLAY_DW0_DID_SHIFT),
            (prgi << UVS_IOMMU_CMD_PAGE_REPLAY_DW1_PRGI_SHIFT) | (resp << UVS_IOMMU_CMD_PAGE_REPLAY_DW1_RESP_SHIFT));
}

static void map(unsigned page, unsigned frame)
{
    mem64(L0_PA)[L0_INDEX(page)] = pte(DATA_PA(frame), LEAF_RW_CLEAN);
    fence();
}

static void copy_1d(void)
{
    const uint64_t start = 0x7c8; /* not 64-byte aligned; ends on page 2 */
    const uint32_t bytes = 2 * PG + 0x100, spad = 0x1000;
    uint32_t d = desc(0, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(0) + start, spad, bytes, 1, 0, 0);
    uint64_t t = submit(ST_COPY, d);
    expect_ok(ST_COPY, d, t);
    for (uint32_t i = 0; i < bytes / 8; i++)
        check(ST_COPY, "copied word", spad64(spad + 8 * i)[0], va_word(start + 8 * i));
    check(ST_COPY, "word after the tile untouched", spad64(spad + bytes)[0], 0);
}

static void copy_2d(void)
{
    const uint32_t rows = 5, rb = 40, spad = 0x4000;
    const uint64_t stride = 0x398, start = 0x3a0;
    uint32_t d = desc(1, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_2D, VA(0) + start, spad, rb, rows, stride, 0);
    uint64_t t = submit(ST_2D, d);
    expect_ok(ST_2D, d, t);
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t i = 0; i < rb / 8; i++)
            check(ST_2D, "2-D word", spad64(spad + r * rb + 8 * i)[0], va_word(start + r * stride + 8 * i));
}

static void copy_out(void)
{
    const uint32_t spad = 0x6000, bytes = 256;
    for (uint32_t i = 0; i < bytes / 8; i++)
        spad64(spad + 8 * i)[0] = UVS_U64(0xabcd000000000000) | i;
    uint32_t d = desc(2, UVS_TILE_OP_COPY_OUT, UVS_TILE_SHAPE_1D, VA(5) + 0x100, spad, bytes, 1, 0, 0);
    uint64_t t = submit(ST_OUT, d);
    expect_ok(ST_OUT, d, t);
    for (uint32_t i = 0; i < bytes / 8; i++)
        check(ST_OUT, "word in HBM", mem64(DATA_PA(5) + 0x100 + 8 * i)[0], UVS_U64(0xabcd000000000000) | i);
    check(ST_OUT, "word after", mem64(DATA_PA(5) + 0x200)[0], word(5, 0x40));
    check(ST_OUT, "PTE D set by the write translation", mem64(L0_PA)[L0_INDEX(5)] & UVS_IOMMU_PTE_D_MASK,
          UVS_IOMMU_PTE_D_MASK);
}

/* Gather over a 64-byte-row table spanning pages 0..9 of the VA; row 0 of
 * the gather is on the missing page 9. */
static void gather_park_replay(void)
{
    const uint32_t rb = 64, spad = 0x8000, idx = 0x9000, rows = 6;
    const uint32_t ix[6] = {9 * 64 + 3, 5, 64 + 7, 2 * 64 + 63, 0, 4 * 64 + 1};
    for (uint32_t r = 0; r < rows; r++)
        ((volatile uint32_t *)(uintptr_t)(SPAD1 + idx))[r] = ix[r];
    uint32_t d = desc(3, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_INDEXED, VA(0), spad, rb, rows, 10 * 64, idx);
    uint64_t t = submit(ST_PARK, d);
    uint64_t prgi = take_page_request(ST_PARK, VA(PG_MISS));
    /* rows on mapped pages arrived although row 0 waits for the host */
    for (uint32_t r = 1; r < rows; r++)
        for (unsigned i = 0; i < 8; i++) {
            unsigned n = 0;
            while (spad64(spad + r * rb + 8 * i)[0] != va_word((uint64_t)ix[r] * rb + 8 * i))
                if (++n > TIMEOUT)
                    fail(ST_PARK, "row on a mapped page before the replay", spad64(spad + r * rb + 8 * i)[0],
                         va_word((uint64_t)ix[r] * rb + 8 * i));
        }
    for (unsigned i = 0; i < 2000; i++)
        check(ST_PARK, "STATUS before the replay", status_of(d), 0);
    check(ST_PARK, "row 0 before the replay", spad64(spad)[0], 0);
    map(PG_MISS, PG_MISS);
    replay(prgi, UVS_IOMMU_PRG_RESP_SUCCESS);
    expect_ok(ST_REPLAY, d, t);
    for (unsigned i = 0; i < 8; i++)
        check(ST_REPLAY, "row 0 after the replay", spad64(spad + 8 * i)[0], word(PG_MISS, 3 * 8 + i));
}

static void scatter(void)
{
    const uint32_t rb = 16, spad = 0xa000, idx = 0xb000, rows = 3;
    const uint32_t ix[3] = {7, 300, 2};
    for (uint32_t r = 0; r < rows; r++) {
        ((volatile uint32_t *)(uintptr_t)(SPAD1 + idx))[r] = ix[r];
        spad64(spad + r * rb)[0] = 0x5c00 + r;
        spad64(spad + r * rb + 8)[0] = 0x5d00 + r;
    }
    /* table = page 6..7 (512 rows of 16 bytes) */
    uint32_t d = desc(4, UVS_TILE_OP_COPY_OUT, UVS_TILE_SHAPE_INDEXED, VA(6), spad, rb, rows, 512, idx);
    uint64_t t = submit(ST_SCATTER, d);
    expect_ok(ST_SCATTER, d, t);
    for (uint32_t r = 0; r < rows; r++) {
        uint64_t pa = DATA_PA(6) + (uint64_t)ix[r] * rb;
        check(ST_SCATTER, "scattered row word 0", mem64(pa)[0], 0x5c00 + r);
        check(ST_SCATTER, "scattered row word 1", mem64(pa)[1], 0x5d00 + r);
    }
    check(ST_SCATTER, "row next to a scattered one", mem64(DATA_PA(6) + 8 * 16)[0], word(6, 16));
}

static void queue_full(void)
{
    const unsigned qd = (unsigned)request(OP_REG, UVS_TILE_REG_QDEPTH);
    uint64_t done0 = request(OP_REG, UVS_TILE_REG_DONE), first = ticket_next;
    check(ST_FULL, "QDEPTH", qd, UVS_TILE_QDEPTH);
    /* head: a copy from the missing page 11 (parks) */
    uint32_t d0 = desc(8, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(PG_MISS2), 0xc000, 64, 1, 0, 0);
    submit(ST_FULL, d0);
    uint64_t prgi = take_page_request(ST_FULL, VA(PG_MISS2));
    for (unsigned k = 1; k < qd; k++)
        submit(ST_FULL, desc(8 + k, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(1) + 64 * k, 0xc000 + 64 * k, 64,
                             1, 0, 0));
    uint32_t dx = desc(8 + qd, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(1), 0xd000, 64, 1, 0, 0);
    check(ST_FULL, "TICKET of a submit to a full queue", request(OP_SUBMIT, dx), (uint64_t)-(int64_t)UVS_TILE_SUBMIT_FULL);
    check(ST_FULL, "DONE while the head waits", request(OP_REG, UVS_TILE_REG_DONE), done0);
    check(ST_FULL, "ISSUED", request(OP_REG, UVS_TILE_REG_ISSUED), first + qd);
    map(PG_MISS2, PG_MISS2);
    replay(prgi, UVS_IOMMU_PRG_RESP_SUCCESS);
    for (unsigned k = 0; k < qd; k++)
        expect_ok(ST_FULL, DESC_AREA + 64 * (8 + k), first + k);
    check(ST_FULL, "DONE after the replay", request(OP_REG, UVS_TILE_REG_DONE), done0 + qd);
    check(ST_FULL, "data of the parked head", spad64(0xc000)[0], word(PG_MISS2, 0));
}

static void bad_index(void)
{
    const uint32_t idx = 0xe000;
    ((volatile uint32_t *)(uintptr_t)(SPAD1 + idx))[0] = 1;
    ((volatile uint32_t *)(uintptr_t)(SPAD1 + idx))[1] = 64; /* table has 64 rows: out of range */
    uint32_t d = desc(5, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_INDEXED, VA(0), 0xe100, 64, 2, 64, idx);
    submit(ST_INDEX, d);
    expect_fail(ST_INDEX, d, UVS_TILE_ST_INDEX, 5, VA(0) + 64 * 64);
}

static void read_only(void)
{
    uint64_t before = mem64(DATA_PA(PG_RO) + 0x40)[0];
    uint32_t d = desc(6, UVS_TILE_OP_COPY_OUT, UVS_TILE_SHAPE_1D, VA(PG_RO) + 0x40, 0x6000, 64, 1, 0, 0);
    submit(ST_RO, d);
    expect_fail(ST_RO, d, UVS_TILE_ST_FAULT, 7, VA(PG_RO) + 0x40);
    check(ST_RO, "read-only page unchanged", mem64(DATA_PA(PG_RO) + 0x40)[0], before);
    *reg32(UVS_IOMMU_FQH_OFF) = *reg32(UVS_IOMMU_FQT_OFF); /* drop the fault record */
}

static void host_failure(void)
{
    uint32_t d = desc(7, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(PG_FAIL) + 0x80, 0xf000, 128, 1, 0, 0);
    submit(ST_FAILURE, d);
    uint64_t prgi = take_page_request(ST_FAILURE, VA(PG_FAIL));
    replay(prgi, UVS_IOMMU_PRG_RESP_FAILURE);
    expect_fail(ST_FAILURE, d, UVS_TILE_ST_FAULT, 5, VA(PG_FAIL) + 0x80);
    check(ST_FAILURE, "FAILED counter", request(OP_REG, UVS_TILE_REG_FAILED), 3);
}

static void invalid(void)
{
    uint64_t size = request(OP_REG, UVS_TILE_REG_SPAD_SIZE), issued = request(OP_REG, UVS_TILE_REG_ISSUED);
    const uint64_t inv = (uint64_t)-(int64_t)UVS_TILE_SUBMIT_INVALID;
    check(ST_INVALID, "SPAD_SIZE", size, UVS_TILE_SPAD_KIB_DEFAULT * 1024);
    check(ST_INVALID, "zero rows", request(OP_SUBMIT, desc(0, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_2D, VA(0), 0, 64, 0, 64, 0)), inv);
    check(ST_INVALID, "zero bytes", request(OP_SUBMIT, desc(0, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(0), 0, 0, 1, 0, 0)), inv);
    check(ST_INVALID, "unaligned VA", request(OP_SUBMIT, desc(0, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(0) + 4, 0, 64, 1, 0, 0)), inv);
    check(ST_INVALID, "unaligned row bytes", request(OP_SUBMIT, desc(0, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(0), 0, 60, 1, 0, 0)), inv);
    check(ST_INVALID, "tile past the scratchpad", request(OP_SUBMIT, desc(0, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(0), (uint32_t)size - 64, 128, 1, 0, 0)), inv);
    check(ST_INVALID, "1-D with 2 rows", request(OP_SUBMIT, desc(0, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D, VA(0), 0, 64, 2, 0, 0)), inv);
    check(ST_INVALID, "unknown op", request(OP_SUBMIT, desc(0, 7, UVS_TILE_SHAPE_1D, VA(0), 0, 64, 1, 0, 0)), inv);
    check(ST_INVALID, "index list past the scratchpad", request(OP_SUBMIT, desc(0, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_INDEXED, VA(0), 0, 64, 2, 8, (uint32_t)size - 4)), inv);
    check(ST_INVALID, "nothing queued (ISSUED)", request(OP_REG, UVS_TILE_REG_ISSUED), issued);
    mbox1.ntraps = 0;
    request(OP_SUBMIT, DESC_AREA + 8); /* not a descriptor slot: the store faults */
    check(ST_INVALID, "trap on a bad SUBMIT offset", mbox1.ntraps, 1);
    check(ST_INVALID, "its cause (store access fault)", mbox1.trap_cause, 7);
    mbox1.ntraps = 0;
}

static void other_engine(void)
{
    mbox1.ntraps = 0;
    request(OP_OTHER, 0);
    check(ST_OTHER, "trap on another hart's engine", mbox1.ntraps, 1);
    check(ST_OTHER, "cause", mbox1.trap_cause, 5);
    mbox1.ntraps = 0;
}

/** tile_soc_main - hart 0: the test; ends through tohost. */
void tile_soc_main(void)
{
    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)hart0_trap));
    setup();
    copy_1d();
    copy_2d();
    copy_out();
    gather_park_replay();
    scatter();
    queue_full();
    bad_index();
    read_only();
    host_failure();
    invalid();
    other_engine();
    puts_("tile_soc: PASS\n");
    finish(0);
}
