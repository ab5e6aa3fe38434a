/*
 * DPI functions called by the RTL (docs/architecture.md, "Simulator"); the
 * prototypes must match the imports in rtl/soc (the build compiles this file
 * against Verilator's generated V<top>__Dpi.h to check them).
 */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/sim.h>

#include "cosim_server.h"
#include "dma_exec.h"
#include "dma_slave.h"
#include "inject.h"
#include "retire_log.h"
#include "sim.h"
#include "tile.h"
#include "trace_rec.h"
#include "walkcache.h"

/* fw-hang (sim/inject.h): from a hit on, the management hart's fetches read
 * `jal x0, 0` (both halves of the doubleword), so it spins in place. */
static bool inject_hang(bool we, long long *rdata, int *lat)
{
    if (we || (!uvs_inject_hung() && !uvs_inject_event(UVS_INJ_FW_HANG, uvs_sim.cycle)))
        return false;
    *rdata = 0x0000006f0000006fll;
    *lat = 1;
    return true;
}

/* hbm-poison (sim/inject.h): a compute hart's read of a poisoned HBM word is
 * a bus error (0 or 1 for uvs_dpi_mem_id's rc); a plain write clears it. */
static int inject_poison(bool we, bool amo, uint64_t addr)
{
    if (we && !amo) {
        uvs_inject_poison_clear(addr);
        return 0;
    }
    return uvs_inject_poison_check(addr, uvs_sim.cycle) ? 1 : 0;
}

/* One bus access of requester (port, id): port 2*hart + (0 fetch, 1 data) or
 * UVS_MEM_PORT_IOMMU (the IOMMU's memory master); id 0 on an untagged port,
 * the thread on a multithreaded hart's (docs/architecture.md "Tagged bus"):
 * LR/SC reservations per (port, id). *lat: cycles from grant to response
 * (1..65535): HBM and host-window accesses reserve their 8 bytes on the
 * shared channels of sim/memsys.h (queueing behind the tile engines, the
 * DMA engine and the other ports), everything else 1. Returns 1 for a bus
 * error. */
int uvs_dpi_mem_id(int port, int id, long long addr, char we, char be, long long wdata, char amo,
                   long long *rdata, int *lat)
{
    uint64_t r;
    if (port == 0 && uvs_inject_armed(UVS_INJ_FW_HANG) && inject_hang(we != 0, rdata, lat))
        return 0;
    int rc = uvs_mem_access_id(&uvs_sim.mem, (unsigned)port, (unsigned)id, (uint64_t)addr, we != 0,
                               (uint8_t)be, (uint64_t)wdata, (uint8_t)amo, &r);
    if (rc == 0 && (port & 1) && port > 1 && port != UVS_MEM_PORT_IOMMU && uvs_inject_armed(UVS_INJ_HBM_POISON) &&
        uvs_mem_is_hbm(&uvs_sim.mem, (uint64_t)addr))
        rc = inject_poison(we != 0, amo != 0, (uint64_t)addr);
    *rdata = (long long)r;
    uint64_t now = uvs_sim.cycle, t = 1;
    if (rc == 0) {
        enum uvs_memsys_kind k = amo ? UVS_MEMSYS_ATOMIC : we ? UVS_MEMSYS_WRITE : UVS_MEMSYS_READ;
        /* the IOMMU's master reads HBM through its line cache (walkcache.h) */
        t = (port == (int)UVS_MEM_PORT_IOMMU ? uvs_walkc_access(&uvs_sim.memsys, now, (uint64_t)addr, k)
                                             : uvs_memsys_bus_access(&uvs_sim.memsys, now, (uint64_t)addr, 8, k)) -
            now;
    }
    *lat = t < 1 ? 1 : t > 65535 ? 65535 : (int)t;
    if (uvs_sim.mem.tohost_written)
        uvs_sim_tohost();
    return rc != 0;
}

/* A translated access of compute hart @hart (its IOMMU downstream request was
 * granted this cycle; uvs_soc g_acc_trace): request id @id (thread), IOVA
 * @va, physical address @pa, @flags bit 0 write, bit 1 it waited for a page
 * request. Recorded in the access trace (sim/trace_rec.h) when one is on. */
void uvs_dpi_xlat_access(int hart, int id, long long va, long long pa, char flags)
{
    (void)id;
    uvs_trace_rec_access((unsigned)hart, (uint64_t)va, (uint64_t)pa, flags & 1, (flags & 2) != 0, uvs_sim.cycle);
}

/* A byte written to the UART's THR: to stdout. */
void uvs_dpi_uart_tx(char c)
{
    putchar((unsigned char)c);
}

/* One retired instruction: a line of the retire log (sim/retire_log.h). */
void uvs_dpi_retire(int hart, long long cycle, long long pc, int insn, int rd, long long wdata)
{
    char line[UVS_RETIRE_LOG_LINE_MAX];
    if (!uvs_sim.retire_log)
        return;
    if (uvs_retire_log_format(line, sizeof line, (uint64_t)cycle, (unsigned)hart, (uint64_t)pc,
                              (uint32_t)insn, (unsigned)rd, (uint64_t)wdata) > 0)
        fputs(line, uvs_sim.retire_log);
}

/* Straps of the SoC core (rtl/sim/uvs_soc.sv, at reset): the static values of the BAR0 block (hostif.def): host
 * link attached, boot entry, sizes, capabilities, link model, HBM model (latency in cycles, bandwidth). */
void uvs_dpi_hostif_config(char *host_link, long long *boot_entry, long long *sram_size, long long *hbm_size,
                           long long *caps, int *clock_khz, int *link_latency, int *link_bw, int *link_mps,
                           int *hbm_latency, int *hbm_bw)
{
    *host_link = uvs_sim.host_mode ? 1 : 0;
    *boot_entry = (long long)uvs_sim.elf.entry;
    uint64_t c = UVS_HOSTIF_CAP_DMA | UVS_HOSTIF_CAP_CMDQ | UVS_HOSTIF_CAP_EVQ | UVS_HOSTIF_CAP_MSI;
    if (uvs_sim.mem.hbm_size)
        c |= UVS_HOSTIF_CAP_HBM;
    if (uvs_sim.host_mode && !uvs_sim.free_running)
        c |= UVS_HOSTIF_CAP_LOCKSTEP;
    *sram_size = (long long)uvs_sim.mem.sram_size;
    *hbm_size = (long long)uvs_sim.mem.hbm_size;
    *caps = (long long)c;
    *clock_khz = (int)uvs_sim.model.clock_khz;
    *link_latency = (int)uvs_sim.model.latency;
    *link_bw = (int)uvs_sim.model.bw_fx;
    *link_mps = (int)uvs_sim.model.mps;
    *hbm_latency = (int)uvs_sim.model.hbm_latency;
    *hbm_bw = (int)uvs_sim.model.hbm_bw_fx;
}

/* Memory-system byte counters read through BAR0 (hostif.def HOSTIF_PERF_*, the SoC core's perf_*_i): idx 0 link
 * H2D, 1 link D2H, 2 HBM; 0 for other idx. */
long long uvs_dpi_hostif_perf(int idx)
{
    const struct uvs_memsys *ms = &uvs_sim.memsys;
    switch (idx) {
    case 0: return (long long)uvs_memsys_stat(ms, UVS_MEMSYS_LINK_H2D).bytes;
    case 1: return (long long)uvs_memsys_stat(ms, UVS_MEMSYS_LINK_D2H).bytes;
    case 2: return (long long)uvs_memsys_stat(ms, UVS_MEMSYS_HBM).bytes;
    default: return 0;
    }
}

/* The host released the harts: boot ROM entry points and DTB address; an
 * M-mode firmware preloaded with --sbi serves when the host gave none. */
void uvs_dpi_boot(long long entry, long long dtb, long long mentry)
{
    uvs_inject_boot();
    uvs_sim_boot((uint64_t)entry, (uint64_t)dtb, mentry ? (uint64_t)mentry : uvs_sim.sbi.entry);
}

/* The boot ROM's three data words (entry, DTB address, M-mode entry at
 * memmap.def BOOTROM_*_OFF) as the loader last wrote them: a board's own ROM
 * (boards/common/uvs_axi_bootrom.sv) serves them in co-simulation. */
void uvs_dpi_bootrom_words(long long *entry, long long *dtb, long long *mentry)
{
    uint64_t w[3];
    memcpy(&w[0], uvs_sim.mem.rom + UVS_BOOTROM_ENTRY_OFF, 8);
    memcpy(&w[1], uvs_sim.mem.rom + UVS_BOOTROM_DTB_OFF, 8);
    memcpy(&w[2], uvs_sim.mem.rom + UVS_BOOTROM_MENTRY_OFF, 8);
    *entry = (long long)w[0];
    *dtb = (long long)w[1];
    *mentry = (long long)w[2];
}

/* A board's ROM serves the BOOTROM region (board co-simulation): the C
 * ROM's code words are zeroed, so that a fetch that still reached them would
 * fail (an all-zero halfword is an illegal instruction) instead of passing
 * unnoticed. */
void uvs_dpi_bootrom_poison(void)
{
    memset(uvs_sim.mem.rom, 0, UVS_BOOTROM_ENTRY_OFF);
}

/* The memory behind the DMA engine's masters: @len bytes at address @a of
   the host window (host side: host bus address a - HOSTWIN_BASE) or of
   SRAM/HBM, NULL when any is outside. */
static uint8_t *dma_span(void *ctx, bool host, uint64_t a, unsigned len)
{
    (void)ctx;
    return host ? uvs_mem_host_ptr(&uvs_sim.mem, a, len) : uvs_mem_dev_ptr(&uvs_sim.mem, a, len, NULL);
}

static bool dma_is_hbm(void *ctx, uint64_t a)
{
    (void)ctx;
    return uvs_mem_is_hbm(&uvs_sim.mem, a);
}

/* The AXI4 slave models of the core's wide masters (rtl/sim/uvs_axi_dma_model.sv
   PORT): [0] the DMA engine's SRAM and HBM side, [1] its host side, [2 + 2k]
   and [3 + 2k] tile engine k's memory and scratchpad sides (sim/tile.c); and
   the pins between each and its master. */
#define NSLAVES (2 + 2 * UVS_MAX_HARTS)
static struct uvs_dma_slave dma_slave[NSLAVES];
static struct uvs_axiw dma_pins[NSLAVES];

/* Reset port @port's slave (rtl/sim/uvs_axi_dma_model.sv): configured on
   the simulator's memory, memory system and link model, bursts dropped. */
void uvs_dpi_dma_slave_reset(int port, int beat_bytes)
{
    if (port < 0 || port >= (int)NSLAVES) {
        fprintf(stderr, "uvmsoc-sim: no AXI slave model for port %d\n", port);
        exit(UVS_EXIT_INTERNAL);
    }
    struct uvs_dma_slave *s = &dma_slave[port];
    if (!s->span && port >= 2) {
        uvs_tile_slave_init(s, (unsigned)(port - 2) / 2 + 1, (port & 1) != 0, (unsigned)beat_bytes);
    } else if (!s->span) {
        *s = (struct uvs_dma_slave){.name = port ? "dma h_axi" : "dma d_axi", .host = port != 0,
                                    .beat = (unsigned)beat_bytes, .ms = &uvs_sim.memsys, .model = &uvs_sim.model,
                                    .span = dma_span, .is_hbm = dma_is_hbm};
    }
    uvs_dma_slave_reset(s);
    /* the outputs rtl/sim/uvs_axi_dma_model.sv holds in reset: ready, nothing valid */
    dma_pins[port] = (struct uvs_axiw){.awready = 1, .wready = 1, .arready = 1};
}

/* Port @port's W beat offered this cycle (before uvs_dpi_dma_slave, only
   in cycles with WVALID): data and strobes, 1024 and 128 bits, beat bytes used. */
void uvs_dpi_dma_slave_wdata(int port, const svBitVecVal *wdata, const svBitVecVal *wstrb)
{
    struct uvs_axiw *p = &dma_pins[port];
    unsigned beat = dma_slave[port].beat;
    for (unsigned k = 0; k < beat; k++) {
        p->wdata[k] = (uint8_t)(wdata[k / 4] >> (8 * (k % 4)));
        p->wstrb[k] = (uint8_t)(wstrb[k / 32] >> (k % 32) & 1);
    }
}

/* Bytes 8k..8k+7 (@k) of port @port's R beat driven for the next cycle
   (after uvs_dpi_dma_slave gave RVALID), little endian; 0 past the beat. */
long long uvs_dpi_dma_slave_rword(int port, int k)
{
    const struct uvs_axiw *p = &dma_pins[port];
    uint64_t w = 0;
    if (k < 0 || (unsigned)k >= dma_slave[port].beat / 8)
        return 0;
    for (unsigned i = 8; i-- > 0;)
        w = w << 8 | p->rdata[8 * (unsigned)k + i];
    return (long long)w;
}

/* One cycle of port @port's slave: take the master's outputs of the cycle
   ending now (W data from uvs_dpi_dma_slave_wdata), drive the slave's
   outputs of the next (R data to uvs_dpi_dma_slave_rword). Returns the
   cycles until the slave must be called again though its master offers
   nothing (uvs_dma_slave_next), 1 or more, or 0 for not before it offers
   something. An AXI rule the master broke ends the simulation. */
int uvs_dpi_dma_slave(int port, char awvalid, long long awaddr, char awlen, char awsize, char awburst, char wvalid,
                      char wlast, char bready, char arvalid, long long araddr, char arlen, char arsize, char arburst,
                      char rready, char *awready, char *wready, char *bvalid, char *bresp, char *arready, char *rvalid,
                      char *rresp, char *rlast)
{
    struct uvs_dma_slave *s = &dma_slave[port];
    struct uvs_axiw *p = &dma_pins[port];
    p->awvalid = (uint8_t)awvalid, p->awaddr = (uint64_t)awaddr, p->awlen = (uint8_t)awlen;
    p->awsize = (uint8_t)awsize, p->awburst = (uint8_t)awburst, p->wvalid = (uint8_t)wvalid;
    p->wlast = (uint8_t)wlast, p->bready = (uint8_t)bready, p->arvalid = (uint8_t)arvalid;
    p->araddr = (uint64_t)araddr, p->arlen = (uint8_t)arlen, p->arsize = (uint8_t)arsize;
    p->arburst = (uint8_t)arburst, p->rready = (uint8_t)rready;
    unsigned errors = s->axi_errors;
    uint64_t now = uvs_sim.cycle;
    uvs_dma_slave_take(s, p, now);
    if (s->axi_errors != errors) { /* an RTL bug: its data cannot be trusted */
        fprintf(stderr, "uvmsoc-sim: %s: its master broke an AXI rule at cycle %llu (above)\n", s->name,
                (unsigned long long)now);
        exit(UVS_EXIT_INTERNAL);
    }
    uvs_dma_slave_drive(s, p, now + 1);
    *awready = (char)p->awready, *wready = (char)p->wready, *bvalid = (char)p->bvalid, *bresp = (char)p->bresp;
    *arready = (char)p->arready, *rvalid = (char)p->rvalid, *rresp = (char)p->rresp, *rlast = (char)p->rlast;
    uint64_t next = uvs_dma_slave_next(s, now);
    if (next == UINT64_MAX)
        return 0;
    return next - now > INT_MAX ? INT_MAX : (int)(next - now); /* sooner than needed is harmless */
}

/*
 * The DMA engine starts the descriptor at @desc_addr (ring index @index) of
 * channel @chan. dma-error (sim/inject.h) counts the firmware channel's
 * descriptors: a hit makes every host-memory burst of this descriptor fail
 * (SLVERR: the engine completes it with DMA_ST_LINK); a descriptor without
 * a host range has none to fail, and says so.
 */
void uvs_dpi_dma_desc(int chan, long long desc_addr, int index)
{
    struct uvs_dma_slave *h = &dma_slave[1];
    h->fail_all = false;
    if (chan != (int)UVS_DMA_CHAN_FW || !uvs_inject_armed(UVS_INJ_DMA_ERROR) ||
        !uvs_inject_event(UVS_INJ_DMA_ERROR, uvs_sim.cycle))
        return;
    struct uvs_dma_desc d = {0};
    const uint8_t *m = uvs_mem_dev_ptr(&uvs_sim.mem, (uint64_t)desc_addr, sizeof d, NULL);
    if (m)
        memcpy(&d, m, sizeof d);
    h->fail_all = d.opcode == UVS_DMA_OP_H2D || d.opcode == UVS_DMA_OP_D2H;
    fprintf(stderr, "uvmsoc-sim: inject: dma-error on descriptor %d (opcode %u, 0x%llx -> 0x%llx, %u bytes)%s\n", index,
            d.opcode, (unsigned long long)d.src, (unsigned long long)d.dst, d.len,
            h->fail_all ? "" : ": no host range, nothing to fail");
}

/* Host port: offer the next BAR0 access (when the port is ready) and a pending
 * management-hart halt (tohost written in host mode). */
void uvs_dpi_host_poll(char ready, char *req, short *addr, char *we, char *be, long long *wdata, char *halt,
                       int *fw_exit)
{
    struct uvs_host_io *io = &uvs_host_io;
    if (uvs_inject_armed(UVS_INJ_SIM_CRASH) && uvs_inject_event(UVS_INJ_SIM_CRASH, uvs_sim.cycle)) {
        struct rlimit no_core = {0, 0};
        fflush(stdout);
        (void)setrlimit(RLIMIT_CORE, &no_core); /* a test's crash leaves no core file behind */
        abort(); /* sim-crash (sim/inject.h): the host sees the link drop */
    }
    *req = 0;
    if (ready && io->req) {
        *req = 1;
        *addr = (short)io->addr;
        *we = io->we ? 1 : 0;
        *be = (char)io->be;
        *wdata = (long long)io->wdata;
        io->req = false;
    }
    *halt = uvs_sim.halt_pending ? 1 : 0;
    *fw_exit = uvs_sim.halt_status;
    uvs_sim.halt_pending = false;
}

/* Host port: the offered access was granted. */
void uvs_dpi_host_gnt(void)
{
    uvs_host_io.gnt = true;
}

/* Host port: read data of the granted read. */
void uvs_dpi_host_rdata(long long rdata)
{
    uvs_host_io.rvalid = true;
    uvs_host_io.rdata = (uint64_t)rdata;
}

/* Host interface: MSI vectors sent this cycle. */
void uvs_dpi_msi(int vectors)
{
    if (vectors && uvs_inject_armed(UVS_INJ_MSI_DROP) && uvs_inject_event(UVS_INJ_MSI_DROP, uvs_sim.cycle))
        return; /* msi-drop (sim/inject.h): lost on the link */
    uvs_host_io.msi |= (uint32_t)vectors;
}
