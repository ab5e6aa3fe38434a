/*
 * Kernel ABI records (include/uvmsoc/kernel.def): the argument block a host
 * or the firmware prepares for a kernel, and the per-thread context the
 * firmware gives every kernel thread. Sizes and offsets are checked at
 * compile time against the generated <uvmsoc/kernel.h>. Little-endian.
 * Used by kernels (firmware/kernels/), the firmware and the host.
 */
#ifndef UVMSOC_KERNEL_ABI_H
#define UVMSOC_KERNEL_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <uvmsoc/kernel.h>

/** Argument block of a launch (128 bytes, 8-byte aligned). */
struct uvs_kernel_args {
    uint32_t magic;                   /**< UVS_KARGS_MAGIC */
    uint32_t nargs;                   /**< valid entries of arg[], 0..UVS_KARGS_MAX */
    uint64_t rsvd;                    /**< reserved, 0 */
    uint64_t arg[UVS_KARGS_MAX];      /**< arguments, meaning per kernel */
};

/** One kernel thread's context (64 bytes at the top of its stack; a1 at entry). */
struct uvs_kernel_ctx {
    uint32_t thread;          /**< global thread index, 0..nthreads-1 */
    uint32_t nthreads;        /**< threads in the launch */
    uint32_t block;           /**< block index, 0..grid_dim-1 */
    uint32_t block_dim;       /**< threads per block */
    uint32_t thread_in_block; /**< index inside the block */
    uint32_t grid_dim;        /**< blocks in the launch */
    uint32_t hartid;          /**< hart running this thread */
    uint32_t hwthread;        /**< hardware thread slot on that hart (0 on single-thread harts) */
    uint64_t shared;          /**< launch-wide shared scratch (zeroed before the launch) */
    uint64_t args;            /**< argument block address */
    uint64_t result;          /**< result value reported at exit (written by the kernel) */
    uint32_t resident;        /**< threads of the launch running at once (uvs_barrier() needs all) */
    uint32_t rsvd1;           /**< reserved, 0 */
};

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "uvmsoc record structs assume a little-endian machine"
#endif
_Static_assert(sizeof(struct uvs_kernel_args) == UVS_KARGS_SIZE, "kargs size");
_Static_assert(offsetof(struct uvs_kernel_args, magic) == UVS_KARGS_MAGIC_OFF, "kargs magic");
_Static_assert(offsetof(struct uvs_kernel_args, nargs) == UVS_KARGS_NARGS_OFF, "kargs nargs");
_Static_assert(offsetof(struct uvs_kernel_args, arg) == UVS_KARGS_ARG_OFF, "kargs arg");
_Static_assert(sizeof(struct uvs_kernel_ctx) == UVS_KCTX_SIZE, "kctx size");
_Static_assert(offsetof(struct uvs_kernel_ctx, thread) == UVS_KCTX_THREAD_OFF, "kctx thread");
_Static_assert(offsetof(struct uvs_kernel_ctx, nthreads) == UVS_KCTX_NTHREADS_OFF, "kctx nthreads");
_Static_assert(offsetof(struct uvs_kernel_ctx, block) == UVS_KCTX_BLOCK_OFF, "kctx block");
_Static_assert(offsetof(struct uvs_kernel_ctx, block_dim) == UVS_KCTX_BLOCK_DIM_OFF, "kctx block_dim");
_Static_assert(offsetof(struct uvs_kernel_ctx, thread_in_block) == UVS_KCTX_THREAD_IN_BLOCK_OFF, "kctx tib");
_Static_assert(offsetof(struct uvs_kernel_ctx, grid_dim) == UVS_KCTX_GRID_DIM_OFF, "kctx grid_dim");
_Static_assert(offsetof(struct uvs_kernel_ctx, hartid) == UVS_KCTX_HARTID_OFF, "kctx hartid");
_Static_assert(offsetof(struct uvs_kernel_ctx, hwthread) == UVS_KCTX_HWTHREAD_OFF, "kctx hwthread");
_Static_assert(offsetof(struct uvs_kernel_ctx, shared) == UVS_KCTX_SHARED_OFF, "kctx shared");
_Static_assert(offsetof(struct uvs_kernel_ctx, args) == UVS_KCTX_ARGS_OFF, "kctx args");
_Static_assert(offsetof(struct uvs_kernel_ctx, result) == UVS_KCTX_RESULT_OFF, "kctx result");
_Static_assert(offsetof(struct uvs_kernel_ctx, resident) == UVS_KCTX_RESIDENT_OFF, "kctx resident");

#endif
