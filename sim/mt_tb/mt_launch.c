/*
 * mt_launch: the grid launcher of the uvs_mt_core testbench, in the role
 * the management hart's firmware will play (docs/architecture.md
 * "Multithreaded compute harts"): block b runs on core b % cores; a core's
 * free hardware threads take its blocks' threads in order; a thread that
 * ends (ECALL or trap, include/uvmsoc/mt.def MT_TSTATE_TRAPPED) is read
 * through the control port, reported, and its slot gets the next thread
 * (START) or is cleared. A thread starts at the program entry with
 * a0 = global thread index (bid * block + tid), a1 = threads in the grid,
 * sp = top of a 4 KiB stack of its slot at the top of RAM, and uvs.tid,
 * uvs.bid, uvs.ntid, uvs.nbid set.
 *
 * Reference cores (uvs_core) have no control port: the boot-ROM stub
 * loads a0, a1, sp, pc from a table indexed by mhartid; an ECALL retiring
 * as a trap ends the thread with status a0 (mt_dpi_ref_trap).
 */
#include <string.h>
#include <uvmsoc/mt.h>

#include "mt_tb.h"
#include "mt_tb_int.h"
#include "svdpi.h"

#define STACK_SIZE 4096ULL
#define CAUSE_ECALL_U 8
#define INSN_ECALL 0x00000073u

/* Boot stub of the reference cores (assembled from: csrr t1, mhartid;
 * slli t1, t1, 5; auipc t0, 0; add t0, t0, t1; ld a0, 56(t0); ld a1, 64(t0);
 * ld sp, 72(t0); ld t0, 80(t0); jr t0; park: wfi; j park). Table entry of
 * hart h (a0, a1, sp, pc) at ROM + 0x40 + 32 * h. */
static const uint32_t ref_stub[] = {
    0xf1402373, 0x00531313, 0x00000297, 0x006282b3, 0x0382b503,
    0x0402b583, 0x0482b103, 0x0502b283, 0x00028067, 0x10500073, 0xffdff06f,
};
#define REF_PARK_PC (MT_MEM_ROM_BASE + 0x24)

uint64_t mt_launch_stack(unsigned core, unsigned slot)
{
    uint64_t k = (uint64_t)core * mt_tb.model_threads + slot;
    return MT_MEM_RAM_BASE + mt_tb.o.ram_kib * 1024 - k * STACK_SIZE;
}

uint64_t mt_launch_pc(unsigned core, unsigned slot)
{
    uint64_t k = (uint64_t)core * mt_tb.o.threads + slot;
    return mt_tb.entry + (mt_tb.o.copies ? k * mt_tb.o.copies : 0);
}

static void put64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

void mt_launch_init(void)
{
    mt_tb.total = mt_tb.o.grid * mt_tb.o.block;
    if (!mt_tb.ref)
        return;
    uint8_t *rom = mt_mem_ptr(&mt_tb.mem, MT_MEM_ROM_BASE, MT_MEM_ROM_SIZE);
    memcpy(rom, ref_stub, sizeof ref_stub);
    for (unsigned c = 0; c < mt_tb.model_cores; c++) {
        uint8_t *e = rom + 0x40 + 32 * (c + 1);
        bool used = c < mt_tb.total;
        put64(e, c);
        put64(e + 8, mt_tb.total);
        put64(e + 16, mt_launch_stack(c, 0));
        put64(e + 24, used ? mt_launch_pc(c, 0) : REF_PARK_PC);
        if (used) {
            mt_tb.core[c].slot[0].busy = true;
            mt_tb.core[c].slot[0].bid = c / mt_tb.o.block;
            mt_tb.core[c].slot[0].tid = c % mt_tb.o.block;
        } else {
            mt_tb.core[c].ref_done = true;
        }
    }
}

/* Reports the end of a thread and counts it. */
static void thread_end(unsigned core, unsigned hwt, bool ecall, unsigned cause, uint64_t epc,
                       uint64_t tval, uint64_t a0, uint64_t instret)
{
    struct mt_slot *s = &mt_tb.core[core].slot[hwt];
    int32_t status = (int32_t)a0;
    s->busy = false;
    mt_tb.ended++;
    mt_tb.instret_sum += instret;
    if (ecall && status == 0) {
        mt_tb.ok++;
    } else if (ecall) {
        mt_tb.failed++;
        mt_tb_status(MT_TB_EXIT_FAIL);
        printf("mt-tb: exit core %u hwt %u block %u thread %u status %d\n", core, hwt, s->bid,
               s->tid, status);
    } else {
        mt_tb.aborted++;
        mt_tb_status(MT_TB_ABORT);
        printf("mt-tb: abort core %u hwt %u block %u thread %u cause %u epc 0x%016llx tval 0x%016llx\n",
               core, hwt, s->bid, s->tid, cause, (unsigned long long)epc, (unsigned long long)tval);
    }
    if (mt_tb.o.verbose)
        printf("mt-tb: end core %u hwt %u block %u thread %u instret %llu\n", core, hwt, s->bid,
               s->tid, (unsigned long long)instret);
    if (mt_tb.ended == mt_tb.total)
        mt_tb.done = true;
}

/* Next work item of `core`: fills *bid, *tid; false when none is left. */
static bool next_work(struct mt_core_launch *L, unsigned core, unsigned *bid, unsigned *tid)
{
    uint64_t b = core + (uint64_t)L->next_block * mt_tb.o.cores;
    if (b >= mt_tb.o.grid)
        return false;
    *bid = (unsigned)b;
    *tid = L->next_tid;
    if (++L->next_tid == mt_tb.o.block) {
        L->next_tid = 0;
        L->next_block++;
    }
    return true;
}

/* Thread control of one core, called at a clock edge while it returns
 * non-zero or a thread event is pending (mt_tb_top.sv). Inputs: running and
 * event masks, whether last call's operation was accepted, and the record
 * of the thread requested last call. Outputs: one operation (include/
 * uvmsoc/mt.def MT_CTL_*) and the thread whose record to read next. */
int mt_dpi_ctl(int core, long long running, long long events, int ok, int rstate, int rcause,
               long long repc, long long rtval, long long ra0, long long rinstret, int rtidx,
               int rbidx, int *op, int *tid, long long *pc, long long *a0, long long *a1,
               long long *sp, int *tidx, int *bidx, int *ntid, int *nbid, int *rtid)
{
    struct mt_core_launch *L = &mt_tb.core[core];
    uint64_t ev = (uint64_t)events;
    unsigned t = 0, b = 0, slot = 0;
    bool start = false;
    (void)running;
    *op = UVS_MT_CTL_NOP;
    *tid = 0;
    *pc = *a0 = *a1 = *sp = 0;
    *tidx = *bidx = *ntid = *nbid = 0;
    if (L->last_op != UVS_MT_CTL_NOP) {
        if (!ok) {
            printf("mt-tb: control operation %u refused on core %d thread %u\n", L->last_op, core,
                   L->last_tid);
            mt_tb_status(MT_TB_INTERNAL);
            mt_tb.done = true;
        }
        ev &= ~(1ULL << L->last_tid);
    }
    if (L->rvalid && (ev & (1ULL << L->rtid))) {
        struct mt_slot *s = &L->slot[L->rtid];
        slot = L->rtid;
        ev &= ~(1ULL << slot);
        if (!s->busy || (unsigned)rtidx != s->tid || (unsigned)rbidx != s->bid) {
            printf("mt-tb: core %d thread %u: event without a launch, or index CSRs %d/%d differ from block %u thread %u\n",
                   core, slot, rbidx, rtidx, s->bid, s->tid);
            mt_tb_status(MT_TB_INTERNAL);
            mt_tb.done = true;
        }
        thread_end((unsigned)core, slot, rstate == UVS_MT_TSTATE_TRAPPED && rcause == CAUSE_ECALL_U,
                   (unsigned)rcause, (uint64_t)repc, (uint64_t)rtval, (uint64_t)ra0,
                   (uint64_t)rinstret);
        start = !mt_tb.o.copies && next_work(L, (unsigned)core, &b, &t);
        if (!start)
            *op = UVS_MT_CTL_CLEAR;
        *tid = (int)slot;
    } else {
        for (slot = 0; slot < mt_tb.o.threads; slot++)
            if (!L->slot[slot].busy && !(events & (1LL << slot)))
                break;
        start = slot < mt_tb.o.threads && next_work(L, (unsigned)core, &b, &t);
    }
    if (start) {
        struct mt_slot *s = &L->slot[slot];
        s->busy = true;
        s->bid = b;
        s->tid = t;
        *op = UVS_MT_CTL_START;
        *tid = (int)slot;
        *pc = (long long)mt_launch_pc((unsigned)core, slot);
        *a0 = (long long)b * mt_tb.o.block + t;
        *a1 = mt_tb.total;
        *sp = (long long)mt_launch_stack((unsigned)core, slot);
        *tidx = (int)t;
        *bidx = (int)b;
        *ntid = (int)mt_tb.o.block;
        *nbid = (int)mt_tb.o.grid;
    }
    L->rvalid = ev != 0;
    L->rtid = ev ? (unsigned)__builtin_ctzll(ev) : 0;
    *rtid = (int)L->rtid;
    L->last_op = (unsigned)*op;
    L->last_tid = (unsigned)*tid;
    return ev != 0 || *op != UVS_MT_CTL_NOP || start;
}

/* A reference core's instruction trapped: an ECALL ends its thread with
 * status a0, anything else is an abort (the cause is not on its retire
 * port: reported as 0 with the instruction bits as tval). */
void mt_dpi_ref_trap(int core, long long pc, int insn, long long a0)
{
    struct mt_core_launch *L = &mt_tb.core[core];
    if (L->ref_done)
        return;
    L->ref_done = true;
    thread_end((unsigned)core, 0, (uint32_t)insn == INSN_ECALL, 0, (uint64_t)pc,
               (uint32_t)insn, (uint64_t)a0, 0);
}
