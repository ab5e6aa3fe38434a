// mt-tb: Verilator harness of the uvs_mt_core testbench. Thin on purpose:
// options, loading, memory, launcher and report are C (mt_tb.h); this file
// only clocks the model. MT_TB_CORES / MT_TB_THREADS / MT_TB_REF are the
// model's parameters, given by mt_tb.mk.
#include <cstdint>

#include "Vmt_tb_top.h"
#include "verilated.h"

#include "mt_tb.h"

int main(int argc, char **argv) {
  int rc = mt_tb_setup(argc, argv, MT_TB_CORES, MT_TB_THREADS, MT_TB_REF);
  if (rc != MT_TB_RUN) return rc;

  VerilatedContext ctx;
  Vmt_tb_top top(&ctx);
  top.log_i = mt_tb_log_on() != 0;
  top.rst_ni = 0;
  for (int i = 0; i < 2; i++) {
    top.clk_i = 0;
    top.eval();
    top.clk_i = 1;
    top.eval();
  }
  top.rst_ni = 1;

  const uint64_t max = mt_tb_max_cycles();
  const double t0 = mt_tb_wall();
  const double c0 = mt_tb_cpu();
  uint64_t cycles = 0;
  while (!mt_tb_done() && cycles < max) {
    top.clk_i = 0;
    top.eval();
    top.clk_i = 1;
    top.eval();
    mt_tb_tick();
    ++cycles;
  }
  const double wall = mt_tb_wall() - t0;
  const double cpu = mt_tb_cpu() - c0;
  top.final();
  return mt_tb_finish(cycles, top.retired_o, wall, cpu);
}
