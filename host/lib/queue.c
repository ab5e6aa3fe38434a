/*
 * libuvmsoc host command queue and event queue (include/uvmsoc/hostif.def
 * HOSTIF_CMDQ_*, HOSTIF_EVQ_*; records in <uvmsoc/hostq.h>). Queue model of
 * the RISC-V IOMMU v1.0 specification, section 3.1.
 */
#include <errno.h>
#include <string.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/hostq.h>

#include "internal.h"

#define Q_LOG2SZ 6 /* 64 commands, 64 events */

/*
 * Poll fallback: an MSI wait lasts at most one slice; when it runs out the
 * queue is looked at again, so a lost MSI costs at most about the time waited
 * so far. Slices start at POLL_MIN and double up to POLL_MAX cycles (a
 * back-off like an interrupt-coalescing timer: short waits never poll, long
 * ones look rarely). POLL_MIN: 100,000 cycles, 0.5 ms at the c4 clock of
 * 200 MHz, eight times the fault-to-replay mean measured in
 * `uvmsoc run --kernel crc32c --size 64K --managed` (12,050 cycles), so the
 * waits of the fault service end by their MSI before a first look (each
 * look costs a few BAR0 round trips, about 250 cycles each on the c4 link);
 * POLL_MAX: 1,000,000 cycles (5 ms), the order of a Linux timer tick.
 */
#define POLL_MIN 100000ull
#define POLL_MAX 1000000ull

void uvs_q_teardown(struct uvs_dev *dev)
{
    if (dev->q_ready) {
        (void)uvs_wr32(dev, UVS_HOSTIF_CMDQ_CTRL_OFF, 0);
        (void)uvs_wr32(dev, UVS_HOSTIF_EVQ_CTRL_OFF, 0);
    }
    uvs_ring_free(dev, &dev->cmdq);
    uvs_ring_free(dev, &dev->evq);
    dev->q_ready = 0;
    dev->evq_seen = dev->evq_head_sent = 0;
    dev->wake_unmasked = 0;
}

int uvs_watchdog_tripped(const struct uvs_dev *dev)
{
    return dev && dev->wd_hung;
}

uint64_t uvs_msi_polls(const struct uvs_dev *dev)
{
    return dev ? dev->msi_polls : 0;
}

static int hung_err(struct uvs_dev *dev)
{
    return uvs_err(-ETIME, "watchdog: the firmware consumed no command for %llu cycles (command queue head %u, "
                   "tail %u): the management hart is hung; reset the device (uvs_reset) and reload the firmware",
                   (unsigned long long)dev->wd_cycles, dev->wd_head, dev->cmdq.index);
}

/*
 * Firmware watchdog, run when an event wait's slice ran out: the firmware
 * must consume commands. A head that moved is progress; an idle queue
 * (head = tail) gets a NOP without HOSTQ_CMD_F_EVENT (no event, only the
 * head moves) once half the watchdog time passed; a head that stayed with
 * commands waiting for the whole watchdog time marks the firmware hung.
 */
static int watchdog(struct uvs_dev *dev)
{
    if (dev->wd_cycles == UVS_WATCHDOG_OFF || !dev->q_ready || !dev->ops->cycles)
        return 0;
    uint64_t now = uvs_cycles(dev);
    /* Look at most 8 times per watchdog period: each look is a BAR0 read. */
    if (dev->wd_valid && now - dev->wd_checked < dev->wd_cycles / 8)
        return 0;
    dev->wd_checked = now;
    uint32_t head;
    int err = uvs_rd32(dev, UVS_HOSTIF_CMDQ_HEAD_OFF, &head);
    if (err)
        return err;
    if (!dev->wd_valid || head != dev->wd_head) {
        dev->wd_valid = 1;
        dev->wd_head = head;
        dev->wd_since = now;
        dev->wd_pinged = 0;
        return 0;
    }
    uint64_t idle = now - dev->wd_since;
    if (head == dev->cmdq.index) {
        if (idle < dev->wd_cycles / 2 || dev->wd_pinged)
            return 0;
        struct uvs_hostq_cmd nop;
        memset(&nop, 0, sizeof nop);
        nop.opcode = UVS_HOSTQ_OP_NOP;
        nop.cookie = UINT64_C(0x5744000000000000) | now; /* "WD" */
        if ((err = uvs_cmd_submit(dev, &nop)) == 0)
            dev->wd_pinged = 1;
        return err == -EAGAIN ? 0 : err;
    }
    if (idle < dev->wd_cycles)
        return 0;
    dev->wd_hung = 1;
    return hung_err(dev);
}

int uvs_wait_slice(struct uvs_dev *dev, uint64_t left, uint64_t *slice, uint32_t *vec)
{
    if (!dev->ops->cycles)
        return uvs_wait_irq(dev, left, vec);
    if (*slice < POLL_MIN)
        *slice = POLL_MIN;
    uint64_t n = *slice < left ? *slice : left;
    int err = uvs_wait_irq(dev, n, vec);
    if (err != -ETIMEDOUT)
        return err;
    if (n == left)
        return -ETIMEDOUT;
    if (*slice < POLL_MAX)
        *slice *= 2;
    return (err = watchdog(dev)) ? err : 1;
}

static int q_setup(struct uvs_dev *dev)
{
    int err;
    uint32_t mask;
    if (dev->q_ready)
        return 0;
    if ((dev->caps & (UVS_HOSTIF_CAP_CMDQ | UVS_HOSTIF_CAP_EVQ)) != (UVS_HOSTIF_CAP_CMDQ | UVS_HOSTIF_CAP_EVQ))
        return uvs_err(-ENOTSUP, "the device has no host command/event queues (HOSTIF_CAP_CMDQ/EVQ clear)");
    if ((err = uvs_ring_alloc(dev, &dev->cmdq, Q_LOG2SZ, UVS_HOSTQ_CMD_SIZE)) ||
        (err = uvs_ring_alloc(dev, &dev->evq, Q_LOG2SZ, UVS_HOSTQ_EVT_SIZE)))
        goto fail;
    /* Event queue first, so no completion is lost. */
    if ((err = uvs_wr32(dev, UVS_HOSTIF_EVQ_CTRL_OFF, 0)) || (err = uvs_wr32(dev, UVS_HOSTIF_CMDQ_CTRL_OFF, 0)) ||
        (err = uvs_wr64(dev, UVS_HOSTIF_EVQ_BASE_OFF, dev->evq.buf.bus)) ||
        (err = uvs_wr32(dev, UVS_HOSTIF_EVQ_LOG2SZ_OFF, Q_LOG2SZ)) ||
        (err = uvs_wr32(dev, UVS_HOSTIF_EVQ_CTRL_OFF, UVS_HOSTIF_Q_CTRL_ENABLE)) ||
        (err = uvs_wr64(dev, UVS_HOSTIF_CMDQ_BASE_OFF, dev->cmdq.buf.bus)) ||
        (err = uvs_wr32(dev, UVS_HOSTIF_CMDQ_LOG2SZ_OFF, Q_LOG2SZ)) ||
        (err = uvs_wr32(dev, UVS_HOSTIF_CMDQ_CTRL_OFF, UVS_HOSTIF_Q_CTRL_ENABLE)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_INT_MASK_OFF, &mask)) ||
        (err = uvs_wr32(dev, UVS_HOSTIF_INT_MASK_OFF, mask & ~(uint32_t)(UVS_HOSTIF_INT_EVQ | UVS_HOSTIF_INT_CMDQ_ERROR))))
        goto fail;
    dev->q_ready = 1;
    dev->evq_seen = dev->evq_head_sent = 0;
    return 0;
fail:
    uvs_ring_free(dev, &dev->cmdq);
    uvs_ring_free(dev, &dev->evq);
    return err;
}

int uvs_cmd_submit(struct uvs_dev *dev, const struct uvs_hostq_cmd *cmd)
{
    if (!dev || !cmd)
        return uvs_err(-EINVAL, "uvs_cmd_submit: NULL argument");
    int err = q_setup(dev);
    if (err)
        return err;
    uint32_t head;
    if ((err = uvs_rd32(dev, UVS_HOSTIF_CMDQ_HEAD_OFF, &head)))
        return err;
    if (head >= dev->cmdq.entries)
        return uvs_err(-EPROTO, "device command queue head %u out of range (queue of %u)", head, dev->cmdq.entries);
    if ((dev->cmdq.index + 1) % dev->cmdq.entries == head)
        return uvs_err(-EAGAIN, "command queue full (%u commands not yet consumed by the device)", dev->cmdq.entries - 1);
    memcpy((uint8_t *)dev->cmdq.buf.host + (size_t)dev->cmdq.index * UVS_HOSTQ_CMD_SIZE, cmd, sizeof *cmd);
    dev->cmdq.index = (dev->cmdq.index + 1) % dev->cmdq.entries;
    return uvs_wr32(dev, UVS_HOSTIF_CMDQ_TAIL_OFF, dev->cmdq.index);
}

/* Takes the next event below the cached TAIL into *evt; 1 taken, 0 none cached. */
static int take_cached(struct uvs_dev *dev, struct uvs_hostq_evt *evt)
{
    if (dev->evq_seen == dev->evq.index)
        return 0;
    memcpy(evt, (uint8_t *)dev->evq.buf.host + (size_t)dev->evq.index * UVS_HOSTQ_EVT_SIZE, sizeof *evt);
    dev->evq.index = (dev->evq.index + 1) % dev->evq.entries;
    return 1;
}

/* Tells the device how far we consumed (once the cache is empty: one posted write per refill). */
static int send_head(struct uvs_dev *dev)
{
    if (dev->evq.index != dev->evq_seen || dev->evq_head_sent == dev->evq.index)
        return 0;
    dev->evq_head_sent = dev->evq.index;
    return uvs_wr32(dev, UVS_HOSTIF_EVQ_HEAD_OFF, dev->evq.index);
}

/* Reads TAIL into the cache; -EPROTO when out of range. */
static int read_tail(struct uvs_dev *dev)
{
    uint32_t tail;
    int err = uvs_rd32(dev, UVS_HOSTIF_EVQ_TAIL_OFF, &tail);
    if (err)
        return err;
    if (tail >= dev->evq.entries)
        return uvs_err(-EPROTO, "device event queue tail %u out of range (queue of %u)", tail, dev->evq.entries);
    dev->evq_seen = tail;
    return 0;
}

int uvs_evt_wait_wake(struct uvs_dev *dev, struct uvs_hostq_evt *evt, uint32_t wake, int (*pending)(void *ctx),
                      void *ctx, uint64_t timeout_cycles)
{
    if (!dev || !evt)
        return uvs_err(-EINVAL, "uvs_evt_wait_wake: NULL argument");
    if (timeout_cycles == 0 || (wake & ~(uint32_t)UVS_HOSTIF_INT_ALL) || (wake & UVS_HOSTIF_INT_EVQ))
        return uvs_err(-EINVAL, "uvs_evt_wait_wake: timeout of 0 cycles or bad wake causes 0x%x", wake);
    int err = q_setup(dev);
    if (err)
        return err;
    if (take_cached(dev, evt))
        return (err = send_head(dev)) ? err : 1;
    if (wake & ~dev->wake_unmasked) {
        uint32_t mask;
        if ((err = uvs_rd32(dev, UVS_HOSTIF_INT_MASK_OFF, &mask)) ||
            (err = uvs_wr32(dev, UVS_HOSTIF_INT_MASK_OFF, mask & ~wake)))
            return err;
        dev->wake_unmasked |= wake;
    }
    if (dev->wd_hung)
        return hung_err(dev);
    uint64_t deadline = uvs_cycles(dev) + timeout_cycles, slice = POLL_MIN;
    int polled = 0; /* the last MSI wait ran out: what the next look finds came without an MSI */
    for (;;) {
        /* Acknowledge, then read TAIL: the read returns after the write has
         * reached the device, so a cause raised later sends a new MSI and
         * whatever was raised before is visible to the look below. */
        if ((err = uvs_wr32(dev, UVS_HOSTIF_INT_ACK_OFF, UVS_HOSTIF_INT_EVQ | wake)) || (err = read_tail(dev)))
            return err;
        if (take_cached(dev, evt)) {
            dev->msi_polls += (uint64_t)polled;
            return (err = send_head(dev)) ? err : 1;
        }
        if (pending && pending(ctx)) {
            dev->msi_polls += (uint64_t)polled;
            return 0;
        }
        uint64_t now = uvs_cycles(dev);
        uint64_t left = deadline > now ? deadline - now : 0;
        if (!dev->ops->cycles)
            left = timeout_cycles;
        if (left == 0)
            return uvs_err(-ETIMEDOUT, "no event within %llu cycles", (unsigned long long)timeout_cycles);
        uint32_t vec = 0;
        err = uvs_wait_slice(dev, left, &slice, &vec);
        if (err == -ETIMEDOUT)
            return uvs_err(err, "no event within %llu cycles", (unsigned long long)timeout_cycles);
        if (err < 0)
            return err;
        polled = err == 1;
        if (polled)
            continue; /* poll fallback: look again */
        if (vec & (1u << 3)) { /* HOSTIF_INT_CMDQ_ERROR's vector */
            uint32_t status;
            if ((err = uvs_rd32(dev, UVS_HOSTIF_INT_STATUS_OFF, &status)))
                return err;
            if (status & UVS_HOSTIF_INT_CMDQ_ERROR)
                return uvs_err(-EIO, "the device stopped the command queue (HOSTIF_INT_CMDQ_ERROR)");
        }
        if (!dev->ops->cycles)
            timeout_cycles = 1;
    }
}

int uvs_evt_wait(struct uvs_dev *dev, struct uvs_hostq_evt *evt, uint64_t timeout_cycles)
{
    if (!dev || !evt)
        return uvs_err(-EINVAL, "uvs_evt_wait: NULL argument");
    if (timeout_cycles == 0)
        return uvs_err(-EINVAL, "uvs_evt_wait: timeout of 0 cycles");
    int err = q_setup(dev);
    if (err)
        return err;
    if (take_cached(dev, evt))
        return send_head(dev);
    if (dev->wd_hung)
        return hung_err(dev);
    uint64_t deadline = uvs_cycles(dev) + timeout_cycles, slice = POLL_MIN;
    int polled = 0;
    for (;;) {
        uint32_t status;
        if ((err = uvs_wr32(dev, UVS_HOSTIF_INT_ACK_OFF, UVS_HOSTIF_INT_EVQ)) || (err = read_tail(dev)))
            return err;
        if (take_cached(dev, evt)) {
            dev->msi_polls += (uint64_t)polled;
            return send_head(dev);
        }
        if ((err = uvs_rd32(dev, UVS_HOSTIF_INT_STATUS_OFF, &status)))
            return err;
        if (status & UVS_HOSTIF_INT_CMDQ_ERROR)
            return uvs_err(-EIO, "the device stopped the command queue (HOSTIF_INT_CMDQ_ERROR)");
        uint64_t now = uvs_cycles(dev);
        uint64_t left = deadline > now ? deadline - now : 0;
        /* Hardware backends count no cycles: use the whole budget once. */
        if (!dev->ops->cycles)
            left = timeout_cycles;
        if (left == 0)
            return uvs_err(-ETIMEDOUT, "no event within %llu cycles", (unsigned long long)timeout_cycles);
        err = uvs_wait_slice(dev, left, &slice, NULL);
        if (err == -ETIMEDOUT)
            return uvs_err(err, "no event within %llu cycles", (unsigned long long)timeout_cycles);
        if (err < 0)
            return err;
        polled = err == 1;
        if (!dev->ops->cycles)
            timeout_cycles = 1; /* one more look, then give up */
    }
}
