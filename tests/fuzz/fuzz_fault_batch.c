/*
 * libFuzzer target: the firmware's fault-batch parser (firmware/faultfwd.c)
 * built for the host. The input is the IOMMU page-request queue as the
 * firmware reads it (any bytes: records that do not decode are counted and
 * skipped) plus a script of host-ring heads and replay answers. Drain,
 * flush and replay must never write outside the host ring and its control
 * block, must never hold more groups or staged records than their tables,
 * and every record the host ring receives must come from a drained request.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "faultfwd.h"
#include "uvs_iommu_rec.h"

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)
#define RING_BUS 0x10000ULL
#define CTL_BUS 0x8000ULL
#define LOG2SZ 6u /* 64 records */
#define PQ_ENTRIES 64u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t ring[(1u << LOG2SZ) * sizeof(struct uvs_uvm_frec)];
static struct uvs_uvm_fqctl ctl;
static uint64_t clock_now;

static int host_write(void *ctx, uint64_t bus, const void *src, uint32_t len)
{
    (void)ctx;
    if (bus >= RING_BUS && bus + len <= RING_BUS + sizeof ring) {
        memcpy(ring + (bus - RING_BUS), src, len);
        return 0;
    }
    CHECK(bus >= CTL_BUS && bus + len <= CTL_BUS + sizeof ctl); /* nowhere else */
    memcpy((uint8_t *)&ctl + (bus - CTL_BUS), src, len);
    return 0;
}

static int host_read(void *ctx, uint64_t bus, void *dst, uint32_t len)
{
    (void)ctx;
    CHECK(bus >= CTL_BUS && bus + len <= CTL_BUS + sizeof ctl);
    memcpy(dst, (uint8_t *)&ctl + (bus - CTL_BUS), len);
    return 0;
}

static void notify(void *ctx) { (void)ctx; }
static int replay(void *ctx, uint32_t did, uint16_t prgi, uint8_t resp)
{
    (void)ctx;
    CHECK(prgi < 512 && did < (1u << 24));
    return resp == 0xff ? -EBUSY : 0;
}
static uint64_t now(void *ctx) { (void)ctx; return clock_now++; }

static struct uvs_ffwd ff;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const struct uvs_ffwd_ops ops = {host_write, host_read, notify, replay, now, NULL}; /* host_write copies at once: no host_sync */
    memset(&ctl, 0, sizeof ctl);
    memset(ring, 0, sizeof ring);
    CHECK(uvs_ffwd_init(&ff, &ops, NULL) == 0);
    CHECK(uvs_ffwd_set_queue(&ff, RING_BUS, LOG2SZ, CTL_BUS) == 0);
    uint8_t pq[PQ_ENTRIES * UVS_IOMMU_PQREC_SIZE];
    const size_t chunk = sizeof pq;
    /* rounds: [1 op byte][page-request queue bytes or an answer] ... */
    while (size > 0) {
        uint8_t op = data[0];
        data++;
        size--;
        if ((op & 3) == 0) { /* drain the queue bytes that follow */
            size_t k = size < chunk ? size : chunk;
            memset(pq, 0, sizeof pq);
            memcpy(pq, data, k);
            data += k;
            size -= k;
            uint32_t head = (op >> 2) % PQ_ENTRIES, tail = (uint32_t)(k / UVS_IOMMU_PQREC_SIZE) % PQ_ENTRIES;
            int n = uvs_ffwd_drain(&ff, pq, PQ_ENTRIES, &head, tail);
            CHECK(n >= 0 && head < PQ_ENTRIES);
        } else if ((op & 3) == 1) { /* the host consumed up to some head, then a flush */
            ctl.head = (uint32_t)(op >> 2) & ((1u << LOG2SZ) - 1);
            int rc = uvs_ffwd_flush(&ff);
            CHECK(rc >= 0 || rc == -EIO || rc == -EPROTO || rc == -ENOSPC);
        } else if ((op & 3) == 2 && size >= 4) { /* an answer from the host */
            uint32_t did = (uint32_t)(data[0] | data[1] << 8 | (data[2] & 0x3f) << 16);
            uint16_t prgi = (uint16_t)(((data[2] >> 6) | data[3] << 2) & 0x3ff);
            uvs_ffwd_replay(&ff, did, prgi, (uint8_t)(op >> 2));
            data += 4;
            size -= 4;
        } else {
            CHECK(uvs_ffwd_staged(&ff) <= UVS_FFWD_STAGE);
            CHECK(uvs_ffwd_outstanding(&ff) <= UVS_FFWD_GROUPS);
        }
        CHECK(ff.ngroups <= UVS_FFWD_GROUPS && ff.stage_count <= UVS_FFWD_STAGE);
    }
    return 0;
}
