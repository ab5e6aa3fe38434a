/*
 * mt_tb_int.h: state shared by the C modules of the uvs_mt_core testbench
 * (mt_opts.c options, mt_launch.c grid launcher, mt_tb.c setup/DPI/report).
 */
#ifndef MT_TB_INT_H
#define MT_TB_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mt_mem.h"

#define MT_TB_MAX_CORES   4
#define MT_TB_MAX_THREADS 64

/* Command-line options (mt_opts.c). */
struct mt_opts {
    const char *program;     /* ELF to run */
    unsigned cores;          /* cores used (<= compiled) */
    unsigned threads;        /* hardware threads used per core (<= compiled) */
    unsigned grid;           /* blocks */
    unsigned block;          /* threads per block */
    uint64_t copies;         /* 0, or stride: slot s runs its own copy at + s * stride */
    uint64_t ram_kib;
    uint64_t max_cycles;
    struct mt_mem_timing tm;
    const char *log_retired; /* file or NULL */
    bool stats, verbose;
};

/* Parses argv into *o given the compiled model's cores and threads.
 * Returns MT_TB_RUN, MT_TB_OK (after --help) or MT_TB_BAD_ARGS after a
 * one-line error on stderr. */
int mt_opts_parse(struct mt_opts *o, int argc, char **argv, unsigned cores, unsigned threads);

/* One hardware thread slot as the launcher sees it. */
struct mt_slot {
    bool busy;        /* started, end not yet handled */
    unsigned bid, tid;
};

/* Launcher state of one core. */
struct mt_core_launch {
    struct mt_slot slot[MT_TB_MAX_THREADS];
    unsigned next_block;   /* next block of this core (index into its blocks) */
    unsigned next_tid;     /* next thread of that block */
    unsigned last_op, last_tid;
    bool rvalid;           /* rtid requested at the last call */
    unsigned rtid;
    bool ref_done;
};

/* The whole testbench. */
struct mt_tb {
    struct mt_opts o;
    struct mt_mem mem;
    unsigned model_cores, model_threads;
    int ref;
    uint64_t entry, image_lo, image_hi;
    uint64_t now;
    bool done;
    int status;                 /* worst outcome so far (MT_TB_*) */
    unsigned total, ended, ok, failed, aborted;
    uint64_t instret_sum;
    struct mt_core_launch core[MT_TB_MAX_CORES];
    FILE *log;
};

extern struct mt_tb mt_tb;

/* Records outcome `st` (keeps the most severe) and prints nothing. */
void mt_tb_status(int st);

/* Launcher (mt_launch.c): total work items, initial pc/a0/a1/sp of a
 * work item on a slot, reference-core boot table. */
void mt_launch_init(void);
uint64_t mt_launch_stack(unsigned core, unsigned slot);
uint64_t mt_launch_pc(unsigned core, unsigned slot);

#endif
