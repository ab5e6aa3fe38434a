/*
 * CPU-bound benchmark for simulation speed (make bench).
 *
 * Every hart runs the same integer workload on its own data: a 16x16 int64
 * matrix multiply (exercises MUL), a CRC-32C over 4 KiB (shifts, branches,
 * loads) and an integer division loop. Hart 0 waits for the others through an
 * AMO counter, checks that every hart computed the same checksum, and ends
 * the run through tohost (pass = 1; mismatch = status 1).
 *
 * Compile-time parameters: BENCH_ROUNDS (default 200), BENCH_HARTS (harts that
 * take part; must equal the configuration's hart count, default 1).
 */
#include <stdint.h>

#ifndef BENCH_ROUNDS
#define BENCH_ROUNDS 200
#endif
#ifndef BENCH_HARTS
#define BENCH_HARTS 1
#endif
#define MAX_HARTS 32
#define N 16

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(8)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(8)));

static uint64_t done_count;
static uint64_t results[MAX_HARTS];
static int64_t mat_a[MAX_HARTS][N][N], mat_c[MAX_HARTS][N][N];
static uint8_t buf[MAX_HARTS][4096];

/* CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), bitwise. */
static uint32_t crc32c(uint32_t crc, const uint8_t *p, unsigned len)
{
    crc = ~crc;
    while (len--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0x82F63B78u & -(crc & 1u));
    }
    return ~crc;
}

static uint64_t workload(unsigned h)
{
    uint64_t sum = 0;
    for (unsigned i = 0; i < N; i++)
        for (unsigned j = 0; j < N; j++)
            mat_a[h][i][j] = (int64_t)(i * 7 + j * 3) - 40;
    for (unsigned i = 0; i < sizeof buf[h]; i++)
        buf[h][i] = (uint8_t)(i * 131u + 7u);

    for (unsigned r = 0; r < BENCH_ROUNDS; r++) {
        for (unsigned i = 0; i < N; i++)
            for (unsigned j = 0; j < N; j++) {
                int64_t acc = 0;
                for (unsigned k = 0; k < N; k++)
                    acc += mat_a[h][i][k] * mat_a[h][k][j];
                mat_c[h][i][j] = acc;
            }
        sum += (uint64_t)mat_c[h][r % N][(r * 5) % N];
        sum ^= crc32c((uint32_t)r, buf[h], sizeof buf[h] / 8);
        for (uint64_t d = 1; d < 64; d++)
            sum += (sum | 1) / d % 1000003u;
    }
    return sum;
}

void bench_main(unsigned long hartid)
{
    const unsigned harts = BENCH_HARTS;
    if (hartid >= harts || hartid >= MAX_HARTS)
        return;
    results[hartid] = workload((unsigned)hartid);
    __atomic_fetch_add(&done_count, 1, __ATOMIC_SEQ_CST);
    if (hartid != 0)
        return;
    while (__atomic_load_n(&done_count, __ATOMIC_SEQ_CST) != harts)
        ;
    for (unsigned h = 1; h < harts; h++)
        if (results[h] != results[0]) {
            tohost = (1u << 1) | 1;
            for (;;) ;
        }
    tohost = 1;
    for (;;) ;
}
