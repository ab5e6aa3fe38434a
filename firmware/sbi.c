/* SBI calls of the S-mode firmware (see sbi.h). */
#include "sbi.h"

#include <errno.h>

/* SBI v1.0.0 table 1: standard error codes. */
enum { SBI_ERR_FAILED = -1, SBI_ERR_NOT_SUPPORTED = -2, SBI_ERR_INVALID_PARAM = -3,
       SBI_ERR_DENIED = -4, SBI_ERR_INVALID_ADDRESS = -5, SBI_ERR_ALREADY_AVAILABLE = -6 };

/* Base extension function IDs (ch. 4). */
enum { BASE_SPEC_VERSION = 0, BASE_IMPL_ID = 1, BASE_IMPL_VERSION = 2, BASE_PROBE_EXT = 3 };

struct uvs_sbiret uvs_sbi_call(long ext, long fid, long a0, long a1, long a2)
{
	register long r_a0 __asm__("a0") = a0;
	register long r_a1 __asm__("a1") = a1;
	register long r_a2 __asm__("a2") = a2;
	register long r_a6 __asm__("a6") = fid;
	register long r_a7 __asm__("a7") = ext;

	__asm__ volatile("ecall"
			 : "+r"(r_a0), "+r"(r_a1)
			 : "r"(r_a2), "r"(r_a6), "r"(r_a7)
			 : "memory");
	return (struct uvs_sbiret){.error = r_a0, .value = r_a1};
}

int uvs_sbi_errno(long sbi_error)
{
	switch (sbi_error) {
	case 0: return 0;
	case SBI_ERR_NOT_SUPPORTED: return -EOPNOTSUPP;
	case SBI_ERR_INVALID_PARAM: return -EINVAL;
	case SBI_ERR_DENIED: return -EPERM;
	case SBI_ERR_INVALID_ADDRESS: return -EFAULT;
	case SBI_ERR_ALREADY_AVAILABLE: return -EALREADY;
	default: return -EIO;
	}
}

int uvs_sbi_probe(long ext)
{
	struct uvs_sbiret r = uvs_sbi_call(UVS_SBI_EXT_BASE, BASE_PROBE_EXT, ext, 0, 0);

	if (r.error != 0)
		return uvs_sbi_errno(r.error);
	return r.value != 0;
}

int uvs_sbi_info(uint32_t *spec, uint32_t *impl_id, uint32_t *impl_version)
{
	static const long fids[3] = {BASE_SPEC_VERSION, BASE_IMPL_ID, BASE_IMPL_VERSION};
	uint32_t *out[3] = {spec, impl_id, impl_version};

	for (int i = 0; i < 3; i++) {
		struct uvs_sbiret r = uvs_sbi_call(UVS_SBI_EXT_BASE, fids[i], 0, 0, 0);
		if (r.error != 0)
			return uvs_sbi_errno(r.error);
		*out[i] = (uint32_t)r.value;
	}
	return 0;
}

int uvs_sbi_set_timer(uint64_t when)
{
	return uvs_sbi_errno(uvs_sbi_call(UVS_SBI_EXT_TIME, 0, (long)when, 0, 0).error);
}
