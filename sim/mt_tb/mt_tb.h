/*
 * mt_tb: the C side of the uvs_mt_core testbench (sim/mt_tb/README.md):
 * options, program loading, the grid launcher behind the thread-control
 * port, the memory DPI and the final report. main.cpp only clocks the model.
 */
#ifndef MT_TB_H
#define MT_TB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses of mt-tb. */
enum {
    MT_TB_RUN = -1,       /* setup done: simulate */
    MT_TB_OK = 0,         /* every thread exited with status 0 */
    MT_TB_EXIT_FAIL = 1,  /* some thread exited with a non-zero status */
    MT_TB_ABORT = 2,      /* some thread trapped (abort) */
    MT_TB_TIMEOUT = 3,    /* --max-cycles reached */
    MT_TB_INTERNAL = 4,   /* contract violation seen by the model (bus, control port) */
    MT_TB_BAD_ARGS = 120, /* bad command line */
    MT_TB_BAD_IMAGE = 121 /* unreadable or unloadable program */
};

/* Parse argv, load the program, prepare the launcher for a model with
 * `cores` cores of `threads` hardware threads (ref != 0: uvs_core
 * reference cores). Returns MT_TB_RUN, or an exit status after printing a
 * one-line error (or the help text: MT_TB_OK). */
int mt_tb_setup(int argc, char **argv, unsigned cores, unsigned threads, int ref);

/* Whether every retirement is to be reported (--log-retired). */
int mt_tb_log_on(void);
/* Cycle limit (--max-cycles). */
uint64_t mt_tb_max_cycles(void);
/* Non-zero once every launched thread has ended or an error stopped the run. */
int mt_tb_done(void);
/* Advance the model's cycle count after one clock cycle. */
void mt_tb_tick(void);
/* Print the report (and --stats), free everything; returns the exit status.
 * cycles: simulated cycles; retired: instructions retired; wall and cpu:
 * seconds of wall-clock and process CPU time spent simulating. */
int mt_tb_finish(uint64_t cycles, uint64_t retired, double wall, double cpu);
/* Monotonic wall clock in seconds. */
double mt_tb_wall(void);
/* CPU time of this process in seconds (less disturbed by other load). */
double mt_tb_cpu(void);

#ifdef __cplusplus
}
#endif

#endif
