/*
 * Retire log (--log-retired FILE): one line per retired instruction, in
 * retirement order (within a cycle, by hart id), written as
 *
 *   CYCLE HART PC INSN RD WDATA
 *
 * CYCLE decimal clock cycles since reset; HART decimal hart id; PC 16 hex
 * digits; INSN 8 hex digits; RD "x<n>" of the register written, WDATA its
 * new value in 16 hex digits; "-" "-" when no register is written. Example:
 *
 *   1234 0 0000000080000004 00a00093 x1 000000000000000a
 *   1236 0 0000000080000008 00b12023 - -
 *
 * Fields are separated by one space and hex is lower-case with fixed width,
 * so logs of two runs diff line by line; `cut -d' ' -f2-` drops the cycle to
 * compare against another implementation's trace.
 */
#ifndef UVS_SIM_RETIRE_LOG_H
#define UVS_SIM_RETIRE_LOG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Longest line uvs_retire_log_format writes, with newline and NUL. */
#define UVS_RETIRE_LOG_LINE_MAX 80

/**
 * uvs_retire_log_format - format one retired instruction as above into @buf
 * (@len bytes, at least UVS_RETIRE_LOG_LINE_MAX), newline included.
 * @rd: destination register 0..31, 0 = no register write.
 * Returns the line length, or -EINVAL for a too small buffer or rd > 31.
 */
int uvs_retire_log_format(char *buf, size_t len, uint64_t cycle, unsigned hart, uint64_t pc,
                          uint32_t insn, unsigned rd, uint64_t wdata);

#ifdef __cplusplus
}
#endif
#endif
