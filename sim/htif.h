/*
 * HTIF tohost decoding (docs/architecture.md, "Boot flow" step 5;
 * include/uvmsoc/sim.def): the value a program stores to its `tohost` word.
 */
#ifndef UVS_SIM_HTIF_H
#define UVS_SIM_HTIF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Meaning of a tohost value. */
enum uvs_htif_result {
    UVS_HTIF_NONE, /**< 0: nothing to do (programs clear tohost) */
    UVS_HTIF_PASS, /**< 1: the program passed */
    UVS_HTIF_FAIL, /**< odd v > 1: failed with status v >> 1 */
    UVS_HTIF_BAD   /**< even, nonzero: an HTIF syscall/device request, unsupported */
};

/**
 * uvs_htif_decode - decode tohost value @v.
 * @status: set to the simulator exit status: UVS_EXIT_PASS for PASS, v >> 1
 *          clipped to 1..UVS_EXIT_STATUS_MAX for FAIL, UVS_EXIT_INTERNAL for
 *          BAD; left alone for NONE.
 * Returns the meaning of @v.
 */
enum uvs_htif_result uvs_htif_decode(uint64_t v, int *status);

#ifdef __cplusplus
}
#endif
#endif
