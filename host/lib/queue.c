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

void uvs_q_teardown(struct uvs_dev *dev)
{
    if (dev->q_ready) {
        (void)uvs_wr32(dev, UVS_HOSTIF_CMDQ_CTRL_OFF, 0);
        (void)uvs_wr32(dev, UVS_HOSTIF_EVQ_CTRL_OFF, 0);
    }
    uvs_ring_free(dev, &dev->cmdq);
    uvs_ring_free(dev, &dev->evq);
    dev->q_ready = 0;
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

int uvs_evt_wait(struct uvs_dev *dev, struct uvs_hostq_evt *evt, uint64_t timeout_cycles)
{
    if (!dev || !evt)
        return uvs_err(-EINVAL, "uvs_evt_wait: NULL argument");
    if (timeout_cycles == 0)
        return uvs_err(-EINVAL, "uvs_evt_wait: timeout of 0 cycles");
    int err = q_setup(dev);
    if (err)
        return err;
    uint64_t deadline = uvs_cycles(dev) + timeout_cycles;
    for (;;) {
        uint32_t tail, status;
        if ((err = uvs_wr32(dev, UVS_HOSTIF_INT_ACK_OFF, UVS_HOSTIF_INT_EVQ)) ||
            (err = uvs_rd32(dev, UVS_HOSTIF_EVQ_TAIL_OFF, &tail)))
            return err;
        if (tail >= dev->evq.entries)
            return uvs_err(-EPROTO, "device event queue tail %u out of range (queue of %u)", tail, dev->evq.entries);
        if (tail != dev->evq.index) {
            memcpy(evt, (uint8_t *)dev->evq.buf.host + (size_t)dev->evq.index * UVS_HOSTQ_EVT_SIZE, sizeof *evt);
            dev->evq.index = (dev->evq.index + 1) % dev->evq.entries;
            return uvs_wr32(dev, UVS_HOSTIF_EVQ_HEAD_OFF, dev->evq.index);
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
        err = uvs_wait_irq(dev, left, NULL);
        if (err == -ETIMEDOUT)
            return uvs_err(err, "no event within %llu cycles", (unsigned long long)timeout_cycles);
        if (err)
            return err;
        if (!dev->ops->cycles)
            timeout_cycles = 1; /* one more look, then give up */
    }
}
