/* uvmsoc-sim session: setup from the command line, tohost, final status. */
#include "inject.h"
#include "sim.h"

#include <uvmsoc/tile.h>

/* Scratchpad KiB per compute hart (configuration CFG_SPAD_KIB, sim/sim.mk). */
#ifndef UVS_SPAD_KIB
#define UVS_SPAD_KIB UVS_TILE_SPAD_KIB_DEFAULT
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <uvmsoc/sim.h>

#include "bootrom.h"
#include "cosim_server.h"
#include "dtb.h"
#include "stats.h"
#include "trace_exec.h"
#include "trace_rec.h"

struct uvs_sim uvs_sim;

#define ERR_MAX 512

/* Print the one error line and return the exit status. */
static int fail(int status, const char *msg)
{
    fprintf(stderr, "uvmsoc-sim: %s\n", msg);
    return status;
}

/*
 * Read (or take the default), check and place the DTB. The built-in DTB
 * describes the fixed board; the devices that exist only at run time are
 * added to it here: the DMA engine and the host interface with
 * --host-socket, the HBM memory node with --hbm (uvs_dtb_add_devices). A
 * --dtb file is the user's complete description and is used as given.
 */
static int setup_dtb(const struct uvs_opts *o, unsigned harts, const void *def, size_t def_size,
                     uint64_t *dtb_addr, char *err)
{
    void *file = NULL;
    const void *blob = def;
    size_t size = def_size;
    int rc;

    if (o->dtb) {
        if (uvs_dtb_read_file(o->dtb, &file, &size, err, ERR_MAX) != 0)
            return (int)UVS_EXIT_BAD_DTB;
        blob = file;
    }
    rc = uvs_dtb_check(blob, size, harts, o->dtb ? o->dtb : "default DTB", err, ERR_MAX);
    if (rc == 0 && !o->dtb && (o->host_socket || o->host_shm || uvs_sim.mem.hbm_size)) {
        rc = uvs_dtb_add_devices(blob, o->host_socket || o->host_shm, uvs_sim.mem.hbm_size, &file, &size,
                                 err, ERR_MAX);
        if (rc != 0)
            return (int)UVS_EXIT_INTERNAL;
        blob = file;
    }
    if (rc == 0) {
        *dtb_addr = UVS_SRAM_BASE + uvs_sim.mem.sram_size - UVS_DTB_MAX_SIZE;
        memcpy(uvs_mem_ptr(&uvs_sim.mem, *dtb_addr, size), blob, size);
        uvs_sim.dtb = malloc(size);
        if (uvs_sim.dtb) {
            memcpy(uvs_sim.dtb, blob, size);
            uvs_sim.dtb_size = size;
            uvs_sim.dtb_addr = *dtb_addr;
        }
    }
    free(file);
    return rc == 0 ? 0 : (int)UVS_EXIT_BAD_DTB;
}

/* Map an ELF loader error to the simulator's exit status. */
static int elf_status(int rc)
{
    return rc == -EOPNOTSUPP ? (int)UVS_EXIT_WRONG_ARCH
           : rc == -ENOMEM   ? (int)UVS_EXIT_INTERNAL
                             : (int)UVS_EXIT_BAD_ELF;
}

/*
 * Load the M-mode firmware (--sbi) and the program into memory. The M-mode
 * firmware must lie in [UVS_SBI_BASE, UVS_PAYLOAD_BASE) (fw_jump's own
 * region), the program must not reach into it. Returns 0 or an exit status
 * with the reason in @err.
 */
static int load_programs(char *err, size_t errlen)
{
    int rc;

    memset(&uvs_sim.sbi, 0, sizeof uvs_sim.sbi);
    if (uvs_sim.sbi_path) {
        rc = uvs_elf_load(&uvs_sim.mem, uvs_sim.sbi_path, &uvs_sim.sbi, err, errlen);
        if (rc != 0)
            return elf_status(rc);
        if (uvs_sim.sbi.lo < UVS_SBI_BASE || uvs_sim.sbi.hi > UVS_PAYLOAD_BASE) {
            snprintf(err, errlen, "%s: M-mode firmware spans 0x%llx..0x%llx, outside 0x%llx..0x%llx "
                     "(an OpenSBI fw_jump built for the generic platform is expected)", uvs_sim.sbi_path,
                     (unsigned long long)uvs_sim.sbi.lo, (unsigned long long)uvs_sim.sbi.hi,
                     (unsigned long long)UVS_SBI_BASE, (unsigned long long)UVS_PAYLOAD_BASE);
            return (int)UVS_EXIT_BAD_ELF;
        }
    }
    if (!uvs_sim.elf_path)
        return 0;
    rc = uvs_elf_load(&uvs_sim.mem, uvs_sim.elf_path, &uvs_sim.elf, err, errlen);
    if (rc != 0)
        return elf_status(rc);
    if (uvs_sim.sbi_path && (uvs_sim.elf.lo < UVS_PAYLOAD_BASE || uvs_sim.elf.rom_segment)) {
        snprintf(err, errlen, "%s: loads at 0x%llx, below the S-mode payload address 0x%llx that --sbi "
                 "needs", uvs_sim.elf_path, (unsigned long long)uvs_sim.elf.lo,
                 (unsigned long long)UVS_PAYLOAD_BASE);
        return (int)UVS_EXIT_BAD_ELF;
    }
    return 0;
}

int uvs_sim_setup(struct uvs_opts *o, int argc, char **argv, unsigned harts,
                  uint64_t sram_bytes, const void *dtb, size_t dtb_size, bool traced)
{
    char err[ERR_MAX];
    uint64_t dtb_addr = 0;
    int rc;

    if (uvs_opts_parse(o, argc, argv, err, sizeof err) != 0)
        return fail((int)UVS_EXIT_USAGE, err);
    if (o->help) {
        uvs_opts_usage(stdout);
        return 0;
    }
    if (o->trace_fst && !traced) { /* returns only if the traced sibling cannot run */
        uvs_trace_reexec(argv, err, sizeof err);
        return fail((int)UVS_EXIT_INTERNAL, err);
    }
    uvs_inject_arm(&o->inject);
    if (sram_bytes <= UVS_DTB_MAX_SIZE || uvs_mem_init(&uvs_sim.mem, sram_bytes) != 0)
        return fail((int)UVS_EXIT_INTERNAL, "cannot allocate the configured SRAM");
    if (uvs_mem_hbm_init(&uvs_sim.mem, o->hbm_size) != 0) {
        snprintf(err, sizeof err, "cannot map %llu bytes of HBM", (unsigned long long)o->hbm_size);
        return fail((int)UVS_EXIT_INTERNAL, err);
    }
    if (uvs_mem_spad_init(&uvs_sim.mem, harts, (uint64_t)UVS_SPAD_KIB * 1024) != 0)
        return fail((int)UVS_EXIT_INTERNAL, "cannot allocate the scratchpads");
    uvs_sim.host_mode = o->host_socket || o->host_shm;
    uvs_sim.free_running = o->free_running;
    uvs_sim.elf_path = o->elf;
    uvs_sim.model = o->model;
    if (uvs_memsys_init(&uvs_sim.memsys, &uvs_sim.model) != 0)
        return fail((int)UVS_EXIT_INTERNAL, "cannot allocate the memory-system model");
    uvs_sim.sbi_path = o->sbi;
    rc = load_programs(err, sizeof err);
    if (rc != 0)
        return fail(rc, err);
    rc = setup_dtb(o, harts, dtb, dtb_size, &dtb_addr, err);
    if (rc != 0)
        return fail(rc, err);
    if (!uvs_sim.elf.rom_segment)
        uvs_bootrom_build(uvs_sim.mem.rom, sizeof uvs_sim.mem.rom, uvs_sim.elf.entry, dtb_addr,
                          uvs_sim.sbi.entry);
    uvs_sim.mem.tohost = uvs_sim.elf.tohost;
    if (o->trace_fst) { /* Verilator's FST writer reports no open error: probe first */
        FILE *f = fopen(o->trace_fst, "w");
        if (!f) {
            snprintf(err, sizeof err, "cannot create FST trace '%s': %s", o->trace_fst,
                     strerror(errno));
            return fail((int)UVS_EXIT_INTERNAL, err);
        }
        fclose(f);
    }
    if (o->trace && (rc = uvs_trace_rec_open(o->trace, uvs_sim.mem.hbm_size)) != 0) {
        snprintf(err, sizeof err, "cannot create access trace '%s': %s", o->trace, strerror(-rc));
        return fail((int)UVS_EXIT_INTERNAL, err);
    }
    if (o->log_retired) {
        uvs_sim.retire_log = fopen(o->log_retired, "w");
        if (!uvs_sim.retire_log) {
            snprintf(err, sizeof err, "cannot create retire log '%s': %s", o->log_retired,
                     strerror(errno));
            return fail((int)UVS_EXIT_INTERNAL, err);
        }
        setvbuf(uvs_sim.retire_log, NULL, _IOFBF, 1 << 20);
    }
    if (uvs_sim.host_mode) {
        /* The device console of a long-lived, host-driven simulator: show
         * each UART line when it is complete, also in a file or pipe. */
        setvbuf(stdout, NULL, _IOLBF, 0);
        rc = uvs_cosim_open(o, err, sizeof err);
        if (rc != 0)
            return fail((int)UVS_EXIT_INTERNAL, err);
        uvs_cosim_hostmem(&uvs_sim.host_mem, &uvs_sim.host_mem_bus, &uvs_sim.host_mem_size);
        uvs_mem_set_host(&uvs_sim.mem, uvs_sim.host_mem, uvs_sim.host_mem_bus, uvs_sim.host_mem_size);
    }
    return UVS_SIM_RUN;
}

void uvs_sim_tohost(void)
{
    uint64_t v = uvs_sim.mem.tohost_value;
    enum uvs_htif_result r;

    uvs_sim.mem.tohost_written = false;
    if (uvs_sim.host_mode) {
        int st = 0;
        if (uvs_htif_decode(v, &st) != UVS_HTIF_NONE) {
            uvs_sim.halt_pending = true;
            uvs_sim.halt_status = st;
        }
        return;
    }
    r = uvs_htif_decode(v, &uvs_sim.status);
    if (r == UVS_HTIF_NONE || uvs_sim.done)
        return;
    uvs_sim.done = true;
    uvs_sim.result = r;
    uvs_sim.tohost_value = v;
}

void uvs_sim_power_on(void)
{
    char err[ERR_MAX];
    uvs_mem_clear(&uvs_sim.mem);
    if (load_programs(err, sizeof err) != 0)
        fprintf(stderr, "uvmsoc-sim: reset: cannot reload the program: %s\n", err);
    uvs_sim.mem.tohost = uvs_sim.elf_path ? uvs_sim.elf.tohost : 0;
    uvs_sim_boot(uvs_sim.elf_path ? uvs_sim.elf.entry : 0, 0, uvs_sim.sbi.entry);
    uvs_sim.halt_pending = false;
}

void uvs_sim_boot(uint64_t entry, uint64_t dtb_addr, uint64_t mentry)
{
    if (dtb_addr == 0 && uvs_sim.dtb) {
        uint8_t *p = uvs_mem_ptr(&uvs_sim.mem, uvs_sim.dtb_addr, uvs_sim.dtb_size);
        if (p)
            memcpy(p, uvs_sim.dtb, uvs_sim.dtb_size);
        dtb_addr = uvs_sim.dtb_addr;
    }
    uvs_bootrom_build(uvs_sim.mem.rom, sizeof uvs_sim.mem.rom, entry, dtb_addr, mentry);
}

int uvs_sim_finish(const struct uvs_opts *o, uint64_t cycles, uint64_t retired, double wall_s)
{
    int status = uvs_sim.status;

    fflush(stdout);
    if (o->stats) {
        uvs_stats_print(stderr, cycles, uvs_sim.model.clock_khz, retired, wall_s);
        uvs_memsys_print(stderr, &uvs_sim.memsys, cycles);
    }
    if (!uvs_sim.done) {
        fprintf(stderr, "uvmsoc-sim: watchdog: %llu cycles reached\n", (unsigned long long)cycles);
        status = (int)UVS_EXIT_TIMEOUT;
    } else if (uvs_sim.result == UVS_HTIF_FAIL) {
        fprintf(stderr, "uvmsoc-sim: program failed with status %d (tohost 0x%llx) at cycle %llu\n",
                status, (unsigned long long)uvs_sim.tohost_value, (unsigned long long)cycles);
    } else if (uvs_sim.result == UVS_HTIF_BAD) {
        fprintf(stderr, "uvmsoc-sim: tohost: unsupported value 0x%llx at cycle %llu (even values "
                "are HTIF device requests; use 1 = pass, odd v = fail with v >> 1)\n",
                (unsigned long long)uvs_sim.tohost_value, (unsigned long long)cycles);
    }
    if (uvs_sim.retire_log && fclose(uvs_sim.retire_log) != 0) {
        fprintf(stderr, "uvmsoc-sim: cannot write retire log '%s': %s\n", o->log_retired,
                strerror(errno));
        status = (int)UVS_EXIT_INTERNAL;
    }
    uvs_sim.retire_log = NULL;
    int terr = uvs_trace_rec_close();
    if (terr) {
        fprintf(stderr, "uvmsoc-sim: cannot write access trace '%s': %s\n", o->trace, strerror(-terr));
        status = (int)UVS_EXIT_INTERNAL;
    }
    uvs_mem_fini(&uvs_sim.mem);
    uvs_memsys_fini(&uvs_sim.memsys);
    free(uvs_sim.dtb);
    uvs_sim.dtb = NULL;
    return status;
}
