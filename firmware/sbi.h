/*
 * Calls into the M-mode firmware (OpenSBI) from the S-mode management
 * firmware: the RISC-V Supervisor Binary Interface, spec v1.0.0, ch. 3
 * (binary encoding: ECALL with a7 = extension ID, a6 = function ID,
 * arguments in a0..a5; error in a0, value in a1), ch. 4 (Base extension)
 * and ch. 6 (Timer extension "TIME").
 */
#ifndef UVS_SBI_H
#define UVS_SBI_H

#include <stdint.h>

#define UVS_SBI_EXT_BASE 0x10		/**< Base extension (ch. 4) */
#define UVS_SBI_EXT_TIME 0x54494D45	/**< Timer extension "TIME" (ch. 6) */

/** What an SBI call returned: error (SBI_SUCCESS = 0 or a negative SBI code) and value. */
struct uvs_sbiret {
	long error;
	long value;
};

/**
 * uvs_sbi_call - one SBI call of function @fid of extension @ext with
 * arguments @a0..@a2. Only valid in S mode (an M-mode caller would trap to
 * itself). Returns the raw SBI result.
 */
struct uvs_sbiret uvs_sbi_call(long ext, long fid, long a0, long a1, long a2);

/**
 * uvs_sbi_errno - an SBI error code as a negative errno: 0 for success,
 * -EOPNOTSUPP for SBI_ERR_NOT_SUPPORTED (-2), -EINVAL for INVALID_PARAM (-3),
 * -EPERM for DENIED (-4), -EFAULT for INVALID_ADDRESS (-5), -EALREADY for
 * ALREADY_AVAILABLE (-6), -EIO for FAILED (-1) and anything else.
 */
int uvs_sbi_errno(long sbi_error);

/**
 * uvs_sbi_probe - whether the SBI implementation has extension @ext (Base
 * sbi_probe_extension, FID 3). Returns 1 present, 0 absent, or a negative
 * errno when the probe itself fails.
 */
int uvs_sbi_probe(long ext);

/**
 * uvs_sbi_info - the SBI specification version (major << 24 | minor), the
 * implementation ID (1 = OpenSBI) and its version (Base FIDs 0, 1, 2).
 * Returns 0 or a negative errno.
 */
int uvs_sbi_info(uint32_t *spec, uint32_t *impl_id, uint32_t *impl_version);

/**
 * uvs_sbi_set_timer - program the next supervisor timer event at absolute
 * time @when (time CSR / mtime ticks); the SBI clears sip.STIP and raises
 * it when time >= @when. UINT64_MAX disarms. Returns 0 or a negative errno.
 */
int uvs_sbi_set_timer(uint64_t when);

#endif /* UVS_SBI_H */
