/*
 * Argument layout and arithmetic of the workload kernels stream and gather
 * (issue 13), shared with the host checks in host/cli/kernel_run.c: the
 * host computes the same function over the same data and compares.
 */
#ifndef UVS_KERNELS_WORKLOAD_H
#define UVS_KERNELS_WORKLOAD_H

#include <stdint.h>

/* stream: dst[i] = src[i] * STREAM_MUL + addend over u64 words. */
#define STREAM_MUL 0x9e3779b97f4a7c15ull	/**< odd: the map is a bijection of u64 */
#define STREAM_ADD_DEFAULT 0x5eedull		/**< addend when the host gives no --value */
#define STREAM_ARG_SRC 0	/**< source address (8-byte aligned) */
#define STREAM_ARG_DST 1	/**< destination address (8-byte aligned; may equal the source) */
#define STREAM_ARG_BYTES 2	/**< bytes, a multiple of 8 */
#define STREAM_ARG_ADD 3	/**< addend */
#define STREAM_NARGS 4

/** stream's function of one word. */
static inline uint64_t stream_word(uint64_t x, uint64_t add)
{
	return x * STREAM_MUL + add;	/* unsigned: wraps modulo 2^64 */
}

/*
 * gather (embedding lookup): batch b sums the rows idx[b * batch + j],
 * j < batch, of a table of `rows` rows of `row_bytes` bytes, word by word
 * (u64, wrapping), into out[b] (row_bytes bytes). Threads take whole
 * batches: thread t of N does batches t, t + N, ...
 */
#define GATHER_ROW_MIN 64	/**< smallest row: one 64-byte beat */
#define GATHER_ROW_MAX 512	/**< largest row (the accumulator lives on the stack / in the scratchpad) */
#define GATHER_ARG_TABLE 0	/**< table address (8-byte aligned) */
#define GATHER_ARG_ROW 1	/**< row bytes: a multiple of 64 in 64..512 */
#define GATHER_ARG_ROWS 2	/**< rows in the table (indices must be below it) */
#define GATHER_ARG_IDX 3	/**< index list: batches * batch u32, 4-byte aligned */
#define GATHER_ARG_BATCH 4	/**< indices per batch (>= 1) */
#define GATHER_ARG_BATCHES 5	/**< batches (>= 1) */
#define GATHER_ARG_OUT 6	/**< output: batches rows of row bytes (8-byte aligned) */
#define GATHER_NARGS 7

/**
 * gather_args_valid - 1 if the gather arguments @a (GATHER_NARGS values,
 * indexed by GATHER_ARG_*) follow the rules above: row bytes a multiple of
 * 64 in 64..512, 1..2^32 rows, at least one batch of at least one index,
 * table and output 8-byte aligned, index list 4-byte aligned; else 0.
 * Shared by the hart-load and the tile variant of the kernel.
 */
static inline int gather_args_valid(const uint64_t *a)
{
	uint64_t row = a[GATHER_ARG_ROW];
	return row >= GATHER_ROW_MIN && row <= GATHER_ROW_MAX && row % GATHER_ROW_MIN == 0 &&
	       a[GATHER_ARG_ROWS] != 0 && a[GATHER_ARG_ROWS] <= (1ull << 32) && a[GATHER_ARG_BATCH] != 0 &&
	       a[GATHER_ARG_BATCHES] != 0 && ((a[GATHER_ARG_TABLE] | a[GATHER_ARG_OUT]) & 7) == 0 &&
	       (a[GATHER_ARG_IDX] & 3) == 0;
}

/** Exit status of gather when an index is not below the table's rows (the result value holds its position). */
#define GATHER_EXIT_BAD_INDEX 3

#endif /* UVS_KERNELS_WORKLOAD_H */
