/*
 * CPU-bound benchmark for the simulation speed of configuration c4mt
 * (make bench): hart 0 STARTs every hardware thread of the four
 * multithreaded compute harts (include/uvmsoc/mt.def thread-control
 * blocks) on mt_work, runs the same work itself, waits for every thread's
 * ECALL exit and checks that all threads computed the same checksum
 * (returned in a0, read back through MT_REG_X0). Ends through tohost: 1 =
 * pass, status 1 = checksum mismatch, 2 = a thread did not exit by ECALL,
 * 3 = START refused.
 * Parameters: BENCH_ROUNDS (default 50), BENCH_MT_HARTS (4), BENCH_MT_THREADS (16).
 */
#include <stdint.h>
#include <uvmsoc/mt.h>

#ifndef BENCH_ROUNDS
#define BENCH_ROUNDS 50
#endif
#ifndef BENCH_MT_HARTS
#define BENCH_MT_HARTS 4
#endif
#ifndef BENCH_MT_THREADS
#define BENCH_MT_THREADS 16
#endif
#define NTHR (BENCH_MT_HARTS * BENCH_MT_THREADS + 1) /* + hart 0 */
#define N 8

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(8)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(8)));

static int64_t mat[NTHR][N][N];
static uint8_t buf[NTHR][64];
static uint8_t stacks[NTHR][1024] __attribute__((aligned(16)));

/* Integer work of slot @s: matrix products (MUL), a bitwise CRC-32C, a few divisions. */
static uint64_t work(unsigned s)
{
    uint64_t sum = 0;
    for (unsigned i = 0; i < N; i++)
        for (unsigned j = 0; j < N; j++)
            mat[s][i][j] = (int64_t)(i * 5 + j * 3) - 20;
    for (unsigned i = 0; i < sizeof buf[s]; i++)
        buf[s][i] = (uint8_t)(i * 151u + 3u);
    for (unsigned r = 0; r < BENCH_ROUNDS; r++) {
        for (unsigned i = 0; i < N; i++)
            for (unsigned j = 0; j < N; j++) {
                int64_t acc = 0;
                for (unsigned k = 0; k < N; k++)
                    acc += mat[s][i][k] * mat[s][k][j];
                sum += (uint64_t)acc;
            }
        uint32_t crc = ~(uint32_t)r;
        for (unsigned i = 0; i < sizeof buf[s]; i++) {
            crc ^= buf[s][i];
            for (int b = 0; b < 8; b++)
                crc = (crc >> 1) ^ (0x82F63B78u & -(crc & 1u));
        }
        sum ^= crc;
        for (uint64_t d = 1; d < 8; d++)
            sum += (sum | 1) / d % 1000003u;
    }
    return sum;
}

/** mt_work - thread entry (U mode): a0 = its slot; exits by ECALL with a0 = checksum. */
void mt_work(uint64_t slot)
{
    register uint64_t a0 __asm__("a0") = work((unsigned)slot);
    __asm__ volatile("ecall" : : "r"(a0) : "memory");
    for (;;)
        ;
}

static volatile uint64_t *mt_reg(unsigned hart, uint64_t off)
{
    return (volatile uint64_t *)(uintptr_t)(UVS_MT_CTL_BASE + hart * UVS_MT_CTL_STRIDE + off);
}

static void finish(unsigned status)
{
    tohost = status ? ((uint64_t)status << 1) | 1 : 1;
    for (;;)
        __asm__ volatile("wfi");
}

/** bench_main - hart 0: launch, own share, wait, check. */
void bench_main(void)
{
    const uint64_t all = (UVS_U64(1) << BENCH_MT_THREADS) - 1;
    for (unsigned h = 1; h <= BENCH_MT_HARTS; h++) {
        *mt_reg(h, UVS_MT_REG_PC) = (uintptr_t)mt_work;
        for (unsigned t = 0; t < BENCH_MT_THREADS; t++) {
            unsigned s = 1 + (h - 1) * BENCH_MT_THREADS + t;
            *mt_reg(h, UVS_MT_REG_TSEL) = t;
            *mt_reg(h, UVS_MT_REG_A0) = s;
            *mt_reg(h, UVS_MT_REG_SP) = (uintptr_t)&stacks[s + 1][0];
            *mt_reg(h, UVS_MT_REG_OP) = UVS_MT_CTL_START;
            if (*mt_reg(h, UVS_MT_REG_OP) != 1)
                finish(3);
        }
    }
    uint64_t want = work(0);
    for (unsigned h = 1; h <= BENCH_MT_HARTS; h++) {
        while ((*mt_reg(h, UVS_MT_REG_EVENT) & all) != all)
            ;
        for (unsigned t = 0; t < BENCH_MT_THREADS; t++) {
            *mt_reg(h, UVS_MT_REG_TSEL) = t;
            if (*mt_reg(h, UVS_MT_REG_CAUSE) != 8)
                finish(2);
            if (*mt_reg(h, UVS_MT_REG_X0 + 8 * 10) != want)
                finish(1);
        }
    }
    finish(0);
}
