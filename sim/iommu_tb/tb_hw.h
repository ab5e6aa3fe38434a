/*
 * uvmsoc IOMMU testbench: the pins of the RTL top uvs_iommu as a plain C
 * struct, and the three calls the C logic makes into the Verilator model
 * (implemented in main.cpp). One clock cycle is: set inputs, tb_hw_eval
 * (clock low, combinational outputs settle), read outputs, tb_hw_tick
 * (rising edge with the same inputs).
 */
#ifndef UVS_IOMMU_TB_HW_H
#define UVS_IOMMU_TB_HW_H

#include <stdint.h>

#ifndef TB_PORTS
#define TB_PORTS 4 /* must equal the RTL's NUM_PORTS (set by iommu_tb.mk) */
#endif
#ifndef TB_IDS
#define TB_IDS 1 /* must equal the RTL's IDS: request ids per port (set by iommu_tb.mk) */
#endif
/* Requesters ("lanes"): lane l is id l / TB_PORTS on port l % TB_PORTS, so lanes
   0..TB_PORTS-1 are id 0 of each port. */
#define TB_LANES (TB_PORTS * TB_IDS)

#ifdef __cplusplus
extern "C" {
#endif

/** Pins of uvs_iommu (rtl/iommu/uvs_iommu.sv); names without _i/_o. */
struct tb_pins {
    /* inputs */
    uint8_t rst_n;
    uint8_t rq_req[TB_PORTS], rq_we[TB_PORTS], rq_be[TB_PORTS], rq_amo[TB_PORTS];
    uint8_t rq_priv[TB_PORTS], rq_exec[TB_PORTS], rq_id[TB_PORTS];
    uint64_t rq_addr[TB_PORTS], rq_wdata[TB_PORTS];
    uint32_t rq_did[TB_PORTS];
    uint8_t dn_gnt[TB_PORTS], dn_rvalid[TB_PORTS], dn_err[TB_PORTS];
    uint64_t dn_rdata[TB_PORTS];
    uint8_t mem_gnt, mem_rvalid, mem_err;
    uint64_t mem_rdata;
    uint8_t reg_req, reg_we, reg_be, reg_amo;
    uint64_t reg_addr, reg_wdata;
    /* outputs */
    uint8_t rq_gnt[TB_PORTS], rq_rvalid[TB_PORTS], rq_err[TB_PORTS], rq_rid[TB_PORTS];
    uint64_t rq_rdata[TB_PORTS];
    uint8_t dn_req[TB_PORTS], dn_we[TB_PORTS], dn_be[TB_PORTS], dn_amo[TB_PORTS], dn_id[TB_PORTS];
    uint64_t dn_addr[TB_PORTS], dn_wdata[TB_PORTS];
    uint8_t mem_req, mem_we, mem_be, mem_amo;
    uint64_t mem_addr, mem_wdata;
    uint8_t reg_gnt, reg_rvalid, reg_err;
    uint64_t reg_rdata;
    uint8_t irq;
    uint8_t trc_hit[TB_PORTS], trc_hit_id[TB_PORTS];
    uint8_t trc_walk_valid, trc_walk_port, trc_walk_id, trc_walk_status, trc_cmd, trc_walk_busy;
    uint16_t trc_parked;
    uint16_t trc_walk_cause, trc_walk_prgi;
};

/** Create the model (once). Returns 0, or -ENOMEM. */
int tb_hw_init(void);
/** Drive the inputs of *p with the clock low and evaluate; fill the outputs of *p. */
void tb_hw_eval(struct tb_pins *p);
/** Rising clock edge with the inputs last given to tb_hw_eval. */
void tb_hw_tick(void);
/** Destroy the model. */
void tb_hw_fini(void);

/** The C testbench's entry point (tb_main.c); returns the process exit status. */
int tb_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
