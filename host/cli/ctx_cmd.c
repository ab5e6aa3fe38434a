/*
 * uvmsoc contexts: two device contexts on one device, one host process
 * (docs/architecture.md, "Contexts and isolation"; issue 18 item 2).
 *
 * Context B (device_id --did-b, managed memory of one session) runs the
 * writing kernel pattern over its buffer; every byte is checked on the host.
 * Context A (device_id --did-a, attached with an empty page table) then
 * runs the same kernel over B's buffer address: each compute hart's
 * accesses carry A's device_id (memmap.def HARTCTL_DID), the IOMMU finds no
 * mapping in A's tables and sends a page request of context A, the host's
 * fault service refuses it (the VA is not A's), and A's launch aborts with
 * the VA and the cause (an access fault). B's buffer is then checked byte for byte again
 * (unchanged); a kernel of A that stores to its hart's HARTCTL_DID (to
 * leave its context) aborts with an access fault; B's buffer is cleared on
 * the host, and B's kernel runs once more with a
 * new seed and is checked (B still runs). Exit 0 only when all of that
 * holds; the firmware runs in M mode (no OpenSBI) to keep the run short.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel.h>
#include <uvmsoc/kernel_abi.h>
#include <uvmsoc/memmap.h>

#include "cli.h"
#include "uvm_policy.h"
#include "uvm_session.h"
#include <lib/uvs_pattern.h>

#define COOKIE 0x6374780000000000ull /* "ctx" */
#define SEED_B1 0x1111u
#define SEED_B2 0x2222u
#define SEED_A 0xaaaau

struct ctxrun {
    struct uvs_dev *dev;
    struct uvm_session *s;
    struct uvs_fw_image img;
    uint8_t *buf;
    size_t len;
    uint64_t seq;
};

/* Argument block of pattern (buffer, bytes, seed) at UVS_KERNEL_DATA_BASE. */
static int put_args(struct ctxrun *c, uint64_t va, uint64_t seed)
{
    struct uvs_kernel_args a;
    memset(&a, 0, sizeof a);
    a.magic = UVS_KARGS_MAGIC;
    a.nargs = 3;
    a.arg[0] = va;
    a.arg[1] = c->len;
    a.arg[2] = seed;
    return uvs_dma_write(c->dev, UVS_KERNEL_DATA_BASE, &a, sizeof a, NULL);
}

/* Launch pattern in context did over va; *ev gets the completion event. */
static int launch_in(struct ctxrun *c, uint32_t did, uint64_t va, uint64_t seed, struct uvs_hostq_evt *ev)
{
    struct uvs_hostq_cmd cmd;
    struct uvs_launch l = {.entry = c->img.entry, .args = UVS_KERNEL_DATA_BASE, .did = did};
    int err = put_args(c, va, seed);
    if (!err)
        err = uvs_launch_cmd(&l, COOKIE | ++c->seq, &cmd);
    if (err)
        return cli_error("launch", err);
    if ((err = uvm_session_launch(c->s, &cmd, ev, UVS_KERNEL_TIMEOUT_DEFAULT + 10000000ull))) {
        fprintf(stderr, "uvmsoc contexts: launch in context %u: %s\n", did, uvm_session_last_error(c->s));
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Every byte of B's buffer against the pattern of seed (the host's loads migrate pages back). */
static int check_b(const struct ctxrun *c, uint64_t seed, const char *when)
{
    for (size_t i = 0; i < c->len; i++) {
        uint8_t want = pattern_byte(seed, i);
        if (c->buf[i] != want) {
            printf("context B %s: MISMATCH at byte %zu (VA 0x%llx): expected 0x%02x, got 0x%02x\n", when, i,
                   (unsigned long long)(uintptr_t)(c->buf + i), want, c->buf[i]);
            return CLI_FAIL;
        }
    }
    printf("context B %s: %zu bytes checked on the host -> MATCH\n", when, c->len);
    return CLI_OK;
}

static int run_b(struct ctxrun *c, uint32_t did, uint64_t seed, const char *when)
{
    struct uvs_hostq_evt ev;
    if (launch_in(c, did, (uintptr_t)c->buf, seed, &ev) != CLI_OK)
        return CLI_FAIL;
    if (ev.status != 0) {
        printf("context B %s: launch failed (status %d, value 0x%llx, addr 0x%llx)\n", when, ev.status,
               (unsigned long long)ev.value, (unsigned long long)ev.addr);
        return CLI_FAIL;
    }
    return check_b(c, seed, when);
}

/* A's kernel over B's buffer: must abort with an access fault at an address inside it. */
static int run_a(struct ctxrun *c, uint32_t did)
{
    struct uvs_hostq_evt ev;
    struct uvs_launch_report r;
    uint64_t lo = (uintptr_t)c->buf, hi = lo + c->len;
    if (launch_in(c, did, lo, SEED_A, &ev) != CLI_OK)
        return CLI_FAIL;
    if (ev.status == 0 || uvs_launch_report(&ev, 1, &r) != 0) {
        printf("context A: launch over context B's buffer ended with status %d: NOT isolated\n", ev.status);
        return CLI_FAIL;
    }
    /* The IOMMU refused the translation (failed page request): the hart takes an access fault
     * (load 5, store/AMO 7; privileged spec, table 3.6), as for any address outside managed memory. */
    int pf = r.code == 5 || r.code == 7;
    int ok = ev.status == -(int)UVS_HOSTQ_ERR_EFAULT && pf && ev.addr >= lo && ev.addr < hi;
    printf("context A: launch over context B's buffer aborted (status %d): thread %u, cause %d (%s), VA 0x%llx "
           "-> %s\n", ev.status, r.thread, r.code,
           r.code == 7 ? "store/AMO access fault" : r.code == 5 ? "load access fault" : "other",
           (unsigned long long)ev.addr,
           ok ? "FAULT IN ITS OWN CONTEXT" : "UNEXPECTED");
    return ok ? CLI_OK : CLI_FAIL;
}

/*
 * A kernel of context A stores to its own hart's HARTCTL_DID (kernel fault,
 * FAULT_STORE): the register takes writes from the management hart only, so
 * the launch aborts with a store/AMO access fault at that address. The
 * pattern kernel is loaded again afterwards.
 */
static int hartctl_store(struct ctxrun *c, uint32_t did)
{
    struct uvs_fw_image img;
    struct uvs_kernel_args a;
    struct uvs_hostq_cmd cmd;
    struct uvs_hostq_evt ev;
    struct uvs_launch_report r;
    const uint64_t reg = UVS_HARTCTL_BASE + UVS_HARTCTL_DID_OFF + 8; /* hart 1: thread 0 of a one-thread grid */
    if (cli_load_kernel(c->dev, "fault", &img) != CLI_OK)
        return CLI_FAIL;
    memset(&a, 0, sizeof a);
    a.magic = UVS_KARGS_MAGIC;
    a.nargs = 3;
    a.arg[0] = 2; /* FAULT_STORE (firmware/kernels/fault.c) */
    a.arg[1] = reg;
    a.arg[2] = 0;
    struct uvs_launch l = {.entry = img.entry, .args = UVS_KERNEL_DATA_BASE, .grid_dim = 1, .did = did};
    int err = uvs_dma_write(c->dev, UVS_KERNEL_DATA_BASE, &a, sizeof a, NULL);
    if (!err)
        err = uvs_launch_cmd(&l, COOKIE | ++c->seq, &cmd);
    uvs_fw_image_free(&img);
    if (err)
        return cli_error("launch fault", err);
    if (uvm_session_launch(c->s, &cmd, &ev, UVS_KERNEL_TIMEOUT_DEFAULT + 10000000ull)) {
        fprintf(stderr, "uvmsoc contexts: launch fault: %s\n", uvm_session_last_error(c->s));
        return CLI_FAIL;
    }
    int ok = ev.status == -(int)UVS_HOSTQ_ERR_EFAULT && uvs_launch_report(&ev, 1, &r) == 0 && r.code == 7 &&
             ev.addr == reg;
    printf("context A: store to its hart's HARTCTL_DID (0x%llx): status %d, cause %d, address 0x%llx -> %s\n",
           (unsigned long long)reg, ev.status, ok ? r.code : -1, (unsigned long long)ev.addr,
           ok ? "REFUSED" : "NOT REFUSED");
    uvs_fw_image_free(&c->img);
    if (cli_load_kernel(c->dev, "pattern", &c->img) != CLI_OK)
        return CLI_FAIL;
    return ok ? CLI_OK : CLI_FAIL;
}

const char cli_contexts_help[] =
    "usage: uvmsoc [GLOBAL OPTIONS] contexts [--did-a N] [--did-b N] [--size BYTES] [--firmware ELF]\n"
    "Boots the firmware (M mode), gives context B (device_id --did-b, default 2) --size bytes of managed\n"
    "memory (default 64K) and runs the kernel pattern over it (checked byte for byte); then runs the same\n"
    "kernel in context A (--did-a, default 1, an empty page table) over B's buffer, which must abort with an\n"
    "access fault at an address of that buffer; B's bytes are checked again; a store of A's kernel to its hart's\n"
    "HARTCTL_DID register must fault; and B's kernel runs once more.\n"
    "Exit 0 when the contexts are isolated, 1 otherwise, 2 for a bad command line.\n";

int cli_contexts(const struct cli_global *gl, int argc, char **argv)
{
    static const struct option opts[] = {
        {"did-a", required_argument, NULL, 'a'}, {"did-b", required_argument, NULL, 'b'},
        {"size", required_argument, NULL, 's'}, {"firmware", required_argument, NULL, 'f'},
        {NULL, 0, NULL, 0},
    };
    uint64_t did_a = 1, did_b = 2, size = 64 * 1024;
    const char *fw = NULL;
    int o;
    optind = 0;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (o == 'a' ? cli_parse_u64("--did-a", optarg, &did_a)
            : o == 'b' ? cli_parse_u64("--did-b", optarg, &did_b)
            : o == 's' ? cli_parse_u64("--size", optarg, &size)
            : o == 'f' ? (fw = optarg, 0) : 1)
            return CLI_USAGE;
    }
    if (optind != argc || did_a == did_b || did_a >= UVM_SESSION_MAX_DID || did_b >= UVM_SESSION_MAX_DID ||
        size == 0 || size > (64u << 20) || (size & 7)) {
        fprintf(stderr, "uvmsoc contexts: need two different device contexts below %u (--did-a, --did-b) and a "
                "--size of 8..64M bytes, a multiple of 8\n", UVM_SESSION_MAX_DID);
        return CLI_USAGE;
    }
    struct cli_global local = *gl;
    /* The device: ours (spawned), or the one at --socket / $UVMSOC_SOCKET (as `uvmsoc run`). */
    if (cli_spawn_own_sim(&local) != CLI_OK)
        return CLI_FAIL;
    struct ctxrun c = {.len = (size_t)size};
    struct uvs_info info;
    struct uvm_policy pol;
    int rc = CLI_FAIL, err;
    uint64_t timeout = local.open.timeout_cycles ? local.open.timeout_cycles : UVS_DEFAULT_TIMEOUT_CYCLES;
    if (!(c.dev = cli_open(&local)))
        return CLI_FAIL;
    if ((err = uvs_info(c.dev, &info))) {
        cli_error("info", err);
        goto out;
    }
    if (cli_boot_plain(c.dev, fw, timeout) != CLI_OK || cli_load_kernel(c.dev, "pattern", &c.img) != CLI_OK)
        goto out;
    (void)uvm_policy_by_name(UVM_POLICY_DEFAULT_NAME, &pol);
    pol.hbm_bytes = info.hbm_size;
    if ((err = uvm_session_open_ctx(c.dev, &pol, 9, (uint32_t)did_b, 0, &c.s))) {
        fprintf(stderr, "uvmsoc contexts: context B (%llu): %s\n", (unsigned long long)did_b,
                uvm_session_last_error(c.s));
        goto out;
    }
    void *p;
    if ((err = uvm_session_alloc(c.s, c.len, &p))) {
        fprintf(stderr, "uvmsoc contexts: %s\n", uvm_session_last_error(c.s));
        goto out;
    }
    c.buf = p;
    printf("context B: device_id %llu, %zu bytes of managed memory at VA 0x%llx\n", (unsigned long long)did_b, c.len,
           (unsigned long long)(uintptr_t)c.buf);
    if (run_b(&c, (uint32_t)did_b, SEED_B1, "first run") != CLI_OK)
        goto out;
    if ((err = uvm_session_attach_foreign(c.s, (uint32_t)did_a))) {
        fprintf(stderr, "uvmsoc contexts: attach context A (%llu): %s\n", (unsigned long long)did_a,
                uvm_session_last_error(c.s));
        goto out;
    }
    printf("context A: device_id %llu, own (empty) page table\n", (unsigned long long)did_a);
    if (run_a(&c, (uint32_t)did_a) != CLI_OK || check_b(&c, SEED_B1, "after A's attempt") != CLI_OK)
        goto out;
    if (hartctl_store(&c, (uint32_t)did_a) != CLI_OK)
        goto out;
    memset(c.buf, 0, c.len);
    if (run_b(&c, (uint32_t)did_b, SEED_B2, "second run") != CLI_OK)
        goto out;
    printf("contexts: isolated -> PASS\n");
    rc = CLI_OK;
out:
    uvm_session_close(c.s);
    uvs_fw_image_free(&c.img);
    uvs_close(c.dev);
    return rc;
}
