/*
 * uvmsoc-sim timing model of the host link and the device memories
 * (DESIGN.md section 2 "Host interface", "HBM"; issues 4 and 13). All times
 * in the model are device clock cycles, bandwidths bytes per cycle as
 * unsigned 16.16 fixed point (the HOSTIF_LINK_BW register format,
 * hostif.def). They are derived from one device clock (uvs_link_at_clock:
 * bytes per cycle = GB/s / GHz, latency cycles = ns x GHz) and the physical
 * figures below; memsys.h shares the bandwidths among the requesters.
 *
 * Device clock: UVS_CLOCK_MHZ (the configuration's CFG_CLOCK_MHZ, sim/configs/
 * *.mk; --clock-mhz at run time), 200 MHz. Source: the pipelined core
 * synthesizes to 13 LUT levels on its longest path for UltraScale+
 * (docs/benchmarks.md, Yosys synth_xilinx). A level costs a LUT (about
 * 0.1-0.15 ns on a -2 part, DS923) plus its net, and AMD's UG949 ("Datapath
 * Delay and Logic Levels") expects routing to be half or more of an
 * UltraScale path: about 0.35 ns a level, 13 x 0.35 = 4.6 ns, plus about
 * 0.4 ns of clock-to-out, setup and clock uncertainty = 5.0 ns = 200 MHz.
 *
 * Host link: a PCIe Gen4 x16 card. Gen4 signals at 16 GT/s per lane with
 * 128b/130b coding: 16 lanes x 16 GT/s x 128/130 / 8 = 31.5 GB/s raw per
 * direction; after TLP/DLLP overhead at a 256-byte Max_Payload_Size (about
 * 24 bytes per TLP, ~91%) and flow control, about 25 GB/s of payload is
 * what such cards sustain (UVS_LINK_MBPS). One way ~500 ns (UVS_LINK_NS):
 * a host memory read from the device ~1 us round trip.
 *
 * HBM: the bandwidth the device can use, min(stack, ports x width x clock):
 * an Alveo U55C-class card exposes 32 pseudo-channel AXI ports of 256 bits at
 * up to 450 MHz, ~460 GB/s in total (UVS_HBM_STACK_MBPS); this device's
 * interconnect has UVS_HBM_PORTS = 4 AXI ports of 64 bytes at the device
 * clock (one per compute hart and its tile engine), so at 200 MHz the model
 * is 256 bytes/cycle (51.2 GB/s). Latency ~100 ns (UVS_HBM_NS: HBM2 row
 * access plus the memory controller and AXI interconnect).
 *
 * DMA engine data path: UVS_DMA_PORTS = 2 AXI4 ports of UVS_DMA_PORT_BYTES =
 * 64 bytes (512 bits) at the device clock, 128 bytes/cycle = 25.6 GB/s at
 * 200 MHz: enough for the link's 25 GB/s per direction. Source: AMD's PCIe
 * DMA for a Gen4 x16 link (Versal CPM5 QDMA, PG347 "Port Descriptions":
 * AXI DMA data width 512 bits; "Clocking": Gen4x16 needs a 433 MHz DMA
 * clock) moves 512 bits a cycle at 433 MHz; at this device's 200 MHz one
 * such port carries 12.8 GB/s, half the link, so the engine has two (as
 * PG347's MM performance design spreads traffic over its two NoC channels).
 * Read requests outstanding: UVS_DMA_TAGS = 256, the 8-bit PCIe tag
 * (Extended Tag Field, PCIe Base Specification 4.0, 2.2.6.2); 256 reads of
 * 256 bytes cover 64 KiB in flight against the 25 KB a 1 us link round
 * trip needs at 25 GB/s.
 *
 * SRAM: on-chip block RAM at the device clock: 1 cycle; for the DMA engine's
 * port as wide as its data path (UVS_SRAM_BYTES = 128 bytes/cycle: block RAM
 * is banked to any width; per-cycle figures by construction).
 *
 * Host costs: 50 ns of CPU time per MMIO access issued (UVS_COST_MMIO_NS:
 * an uncached store issue and driver bookkeeping), 2 us from an MSI arriving
 * to the waiting driver thread running (UVS_COST_IRQ_NS: interrupt, eventfd
 * wake-up, scheduling on Linux, as measured for VFIO interrupt delivery in
 * the low microseconds).
 */
#ifndef UVS_SIM_LINK_H
#define UVS_SIM_LINK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef UVS_CLOCK_MHZ
/** Default device clock in MHz (the configuration's CFG_CLOCK_MHZ overrides it; source above). */
#define UVS_CLOCK_MHZ 200
#endif
/** Largest --clock-mhz. */
#define UVS_CLOCK_MHZ_MAX 10000
/** Host link payload bandwidth per direction, MB/s (PCIe Gen4 x16, above). */
#define UVS_LINK_MBPS 25000u
/** Host link one-way latency, ns (above). */
#define UVS_LINK_NS 500u
/** Largest link payload (Max_Payload_Size), bytes. */
#define UVS_LINK_MPS 256u
/** HBM stack bandwidth, MB/s (Alveo U55C-class, above). */
#define UVS_HBM_STACK_MBPS 460000u
/** The device's HBM AXI ports and their width in bytes (above). */
#define UVS_HBM_PORTS 4u
#define UVS_HBM_PORT_BYTES 64u
/** HBM access latency, ns (above). */
#define UVS_HBM_NS 100u
/** DMA engine data path: AXI ports and their width in bytes (above). */
#define UVS_DMA_PORTS 2u
#define UVS_DMA_PORT_BYTES 64u
/** DMA engine: most source read requests outstanding (8-bit PCIe tags, above). */
#define UVS_DMA_TAGS 256u
/** SRAM latency (cycles) and width (bytes/cycle) of the DMA engine's port: the engine's data path (above). */
#define UVS_SRAM_CYCLES 1u
#define UVS_SRAM_BYTES (UVS_DMA_PORTS * UVS_DMA_PORT_BYTES)
/** Host CPU cost per MMIO access and from an MSI to the driver running, ns (above). */
#define UVS_COST_MMIO_NS 50u
#define UVS_COST_IRQ_NS 2000u

/** Where a DMA address points. */
enum uvs_loc {
    UVS_LOC_NONE = 0, /**< not backed by memory */
    UVS_LOC_HOST,     /**< host memory, over the link */
    UVS_LOC_SRAM,     /**< device SRAM */
    UVS_LOC_HBM,      /**< device HBM */
};

/** The model's parameters (see the file comment for the defaults' sources). */
struct uvs_link_model {
    uint32_t clock_khz;    /**< device clock in kHz (HOSTIF_CLOCK_KHZ) */
    uint32_t latency;      /**< one-way host link latency, cycles */
    uint32_t bw_fx;        /**< host link bandwidth, bytes/cycle 16.16, >= 1 */
    uint32_t mps;          /**< largest link payload, bytes (reported only) */
    uint32_t hbm_latency;  /**< HBM access latency, cycles, 1..65535 */
    uint32_t hbm_bw_fx;    /**< HBM bandwidth, bytes/cycle 16.16, >= 1 */
    uint32_t sram_latency; /**< SRAM latency for the DMA engine, cycles */
    uint32_t sram_bw_fx;   /**< SRAM bandwidth for the DMA engine, 16.16 */
    uint32_t dma_bw_fx;    /**< DMA engine data path, bytes/cycle 16.16 (every byte a descriptor moves passes it) */
    uint32_t dma_tags;     /**< DMA engine: most source reads outstanding, >= 1 */
    uint32_t cost_mmio;    /**< host cycles charged per MMIO access */
    uint32_t cost_irq;     /**< host cycles from MSI arrival to the driver running */
};

/** uvs_link_defaults - fill @m with the defaults above at UVS_CLOCK_MHZ (uvs_link_at_clock). */
void uvs_link_defaults(struct uvs_link_model *m);

/**
 * uvs_link_at_clock - fill @m from the physical figures above at a device
 * clock of @clock_mhz MHz: bytes per cycle = MB/s / MHz, latency cycles =
 * ns x MHz / 1000 rounded to the nearest cycle (HBM at least 1).
 * Returns 0, or -EINVAL for a clock outside 1..UVS_CLOCK_MHZ_MAX (@m unchanged).
 */
int uvs_link_at_clock(struct uvs_link_model *m, uint32_t clock_mhz);

/**
 * uvs_ns_to_cycles - @ns nanoseconds as device cycles at @clock_khz kHz,
 * rounded to the nearest cycle (0 for a 0 clock).
 */
uint64_t uvs_ns_to_cycles(uint64_t ns, uint32_t clock_khz);

/** uvs_link_xfer - cycles to move @bytes at @bw_fx bytes/cycle (16.16), rounded up; 0 for 0 bytes. */
uint64_t uvs_link_xfer(uint64_t bytes, uint32_t bw_fx);

/**
 * uvs_link_parse_bw - parse a bandwidth "25", "25.6" (bytes/cycle) into 16.16.
 * Returns 0, or -EINVAL when not a number in (0, 65535].
 */
int uvs_link_parse_bw(const char *s, uint32_t *bw_fx);

#ifdef __cplusplus
}
#endif
#endif
