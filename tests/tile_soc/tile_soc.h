/*
 * Tile-engine SoC test (issue 13; tests/tile_soc.tests): shared definitions
 * of the management hart's test (tile_soc.c) and compute hart 1's request
 * server (compute.c). Hart 0 writes descriptors straight into hart 1's
 * scratchpad (the management hart reaches every scratchpad) and posts one
 * request at a time; hart 1 performs it on its own engine (only it reaches
 * its engine's registers) and reports the result and any trap it took.
 */
#ifndef TILE_SOC_H
#define TILE_SOC_H

#include <stdint.h>

/** Operations compute hart 1 performs for hart 0. */
enum mbox_op {
    OP_SUBMIT = 1, /**< store val to its engine's SUBMIT; result = the descriptor's TICKET word */
    OP_REG = 2,    /**< result = its engine register at offset val */
    OP_OTHER = 3   /**< load from hart 2's engine register block (must trap) */
};

/** The mailbox; written by hart 0 (seq, op, val), by the compute hart (the rest). */
struct mbox {
    volatile uint64_t seq;        /**< request number, incremented per request */
    volatile uint64_t op;         /**< enum mbox_op */
    volatile uint64_t val;        /**< operand */
    volatile uint64_t done_seq;   /**< seq of the last completed request */
    volatile uint64_t result;     /**< result */
    volatile uint64_t ntraps;     /**< traps taken by the compute hart */
    volatile uint64_t trap_cause; /**< mcause of the last trap */
    volatile uint64_t trap_tval;  /**< mtval of the last trap */
};

/** The mailbox of compute hart 1. */
extern struct mbox mbox1;

#endif
