/* uvmsoc IOMMU testbench: helpers shared by the directed tests. */
#ifndef UVS_IOMMU_TB_DLIB_H
#define UVS_IOMMU_TB_DLIB_H

#include <stdbool.h>
#include <stdint.h>

#include "tb_fw.h"

/** Fail the test with a message unless cond holds. */
#define EXPECT(tb, cond, ...)          \
    do {                               \
        if (!(cond)) {                 \
            tb_fail((tb), __VA_ARGS__); \
            return -1;                 \
        }                              \
    } while (0)

/** Propagate a failing helper. */
#define TRY(x)          \
    do {                \
        if ((x) < 0)    \
            return -1;  \
    } while (0)

/** A directed test's starting point: queues, one Sv39 context (did 1, pscid 1). */
struct fx {
    struct tb_fw fw;
    uint64_t root; /**< page-table root of did 1 */
};

/** Data page used as translation target by the tests. */
#define FX_PA 0x2000000000ULL

/**
 * Set up: ddtp mode (1LVL unless given), queues (CQ 64, FQ 16, PQ 16
 * entries), device 1 with tc (V added), Sv39, root table. Returns 0 or -1.
 */
int fx_setup(struct tb *tb, struct fx *f, unsigned ddtp_mode, uint64_t tc);
/**
 * Issue one request on port and wait for its response (max 20000 cycles).
 * Returns 0 (err = 0), 1 (err = 1), 2 when still stalled (parked or
 * retrying), -1 on a check failure.
 */
int fx_req(struct tb *tb, int port, uint32_t did, uint64_t iova, enum tb_kind kind, bool priv_s);
/** Pop a fault record and check cause, device and IOVA. Returns 0 or -1. */
int fx_fault(struct tb *tb, struct fx *f, uint32_t cause, uint32_t did, uint64_t iova);
/** The fault queue is empty. Returns 0 or -1. */
int fx_no_fault(struct tb *tb, struct fx *f);
/** Issue a command and wait until the queue drained; cqcsr must show no error. Returns 0 or -1. */
int fx_cmd(struct tb *tb, struct fx *f, const struct uvs_iommu_cmd *c);

#endif
