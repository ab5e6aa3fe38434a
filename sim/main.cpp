// uvmsoc-sim: Verilator harness. Thin on purpose: options, loading, memory,
// DPI, the host link and the exit status are C modules (sim.h,
// cosim_server.h); this file only clocks the model (and lets the host link
// model hold it in reset). Time is deterministic: 2 time units per clock cycle, from 0.
// Built twice per configuration: uvmsoc-sim without FST tracing (the default,
// about 15 % faster) and uvmsoc-sim-trace with it (VM_TRACE, `make sim-trace`);
// --trace-fst given to the first re-executes the second (sim/trace_exec.h).
#include <cstdint>

#include "Vuvs_soc.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#else
class VerilatedFstC;  // never instantiated without tracing
#endif

#include "cosim_server.h"
#include "sim.h"
#include "stats.h"

// The configuration's DTB (sim/dtb_blob.S).
extern "C" const unsigned char uvs_default_dtb[];
extern "C" const unsigned char uvs_default_dtb_end[];

namespace {

// One clock cycle: falling then rising edge, dumped when tracing.
void tick(VerilatedContext &ctx, Vuvs_soc &top, VerilatedFstC *fst) {
  static_cast<void>(fst);  // unused without VM_TRACE
  top.clk_i = 0;
  top.eval();
#if VM_TRACE
  if (fst) fst->dump(ctx.time());
#endif
  ctx.timeInc(1);
  top.clk_i = 1;
  top.eval();
#if VM_TRACE
  if (fst) fst->dump(ctx.time());
#endif
  ctx.timeInc(1);
}

}  // namespace

int main(int argc, char **argv) {
  uvs_opts opts;
  int rc = uvs_sim_setup(&opts, argc, argv, UVS_NUM_HARTS, uint64_t(UVS_SRAM_KIB) * 1024,
                         uvs_default_dtb, size_t(uvs_default_dtb_end - uvs_default_dtb),
                         VM_TRACE != 0);
  if (rc != UVS_SIM_RUN) return rc;

  VerilatedContext ctx;
#if VM_TRACE
  ctx.traceEverOn(opts.trace_fst != nullptr);
#endif
  Vuvs_soc top(&ctx);
  VerilatedFstC *fst = nullptr;
#if VM_TRACE
  if (opts.trace_fst) {
    fst = new VerilatedFstC;
    top.trace(fst, 99);
    fst->open(opts.trace_fst);
  }
#endif

  top.trace_retired_i = opts.log_retired != nullptr;
  top.rst_ni = 0;
  for (int i = 0; i < 2; i++) tick(ctx, top, fst);  // synchronous reset
  top.rst_ni = 1;

  const double t0 = uvs_wall_seconds();
  uint64_t cycles = 0;
  if (uvs_sim.host_mode) {
    while (!uvs_sim.done && cycles < opts.max_cycles) {
      if (uvs_cosim_cycle(cycles) != 0) break;
      top.rst_ni = !uvs_host_io.rst;
      uvs_sim.cycle = cycles;
      tick(ctx, top, fst);
      ++cycles;
    }
    uvs_cosim_close(cycles, !uvs_sim.done);
  } else {
    while (!uvs_sim.done && cycles < opts.max_cycles) {
      uvs_sim.cycle = cycles;
      tick(ctx, top, fst);
      ++cycles;
    }
  }
  const double wall = uvs_wall_seconds() - t0;

  top.final();
#if VM_TRACE
  if (fst) {
    fst->close();
    delete fst;
  }
#endif
  return uvs_sim_finish(&opts, cycles, top.retired_o, wall);
}
