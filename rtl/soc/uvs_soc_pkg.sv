// uvs_soc_pkg: address decode shared by the SoC interconnect.
// Regions come from uvs_memmap_pkg (include/uvmsoc/memmap.def); see
// docs/architecture.md, "Memory map" and "On-chip bus".
package uvs_soc_pkg;
  import uvs_memmap_pkg::*;

  // Target of a data-port request.
  typedef enum logic [1:0] {
    TGT_MEM  = 2'd0,  // BOOTROM, SRAM, HBM window or scratchpads: the DPI memory port
    TGT_MMIO = 2'd1,  // CLINT, PLIC, UART0, IOMMU, HARTCTL, HOSTIF, DMA or MTCTL: the shared MMIO arbiter; TILE: the hart's engine
    TGT_ERR  = 2'd2,  // unmapped or reserved: the error responder
    TGT_UVA  = 2'd3   // unified virtual range of a compute hart: the IOMMU
  } target_e;

  // Target on the shared MMIO bus.
  typedef enum logic [2:0] {
    MT_CLINT  = 3'd0,  // uvs_clint
    MT_UART   = 3'd1,  // uvs_uart
    MT_HOSTIF = 3'd2,  // uvs_hostif (BAR0 block as the device sees it)
    MT_DMA    = 3'd3,  // uvs_dma (channel registers)
    MT_IOMMU  = 3'd4,  // uvs_iommu register block
    MT_MTCTL  = 3'd5,  // thread-control blocks of multithreaded harts (uvs_mt_ctl)
    MT_PLIC   = 3'd6,  // uvs_plic (platform-level interrupt controller)
    MT_HARTCTL = 3'd7  // uvs_hartctl (per-compute-hart device_id registers)
  } mmio_tgt_e;

  // True when addr lies in [base, base + size); size is a power of two and
  // base is aligned to it (memmap.def guarantees both).
  function automatic logic in_region(logic [63:0] addr, logic [63:0] base,
                                     logic [63:0] size);
    return (addr & ~(size - 64'd1)) == base;
  endfunction

  // Routes a data-port request by byte address. AMOs and LR/SC are performed
  // at the memory only, so an atomic to MMIO is routed to the error responder
  // (the hart takes a store/AMO access fault, privileged spec 3.6.3.3).
  // host_blocks = 1 when the host interface and DMA engine are present (the
  // simulator runs with a host link); else their regions stay reserved.
  // Past the populated SRAM/HBM size, the C memory model answers a bus error.
  // uva = 1 for a compute hart's data port: an address of the unified
  // virtual range (memmap.def UVA: below 2^47 and in no other region, also
  // not in a reserved one) goes to the IOMMU, atomics included.
  // mt = 1 when the configuration has multithreaded compute harts: their
  // thread-control region (mt.def MT_CTL_BASE/SIZE) is then MMIO (else it
  // is unmapped: a bus error, or UVA for a compute hart, as before).
  // The scratchpads (memmap.def SPAD) are memory for every hart (the C
  // model lets a compute hart reach only its own, the management hart all);
  // the tile-engine registers (TILE) are MMIO for compute harts (uva = 1),
  // which the SoC steers to the hart's own engine (never the shared bus).
  function automatic target_e decode(logic [63:0] addr, logic is_amo,
                                     logic host_blocks, logic uva, logic mt);
    if (in_region(addr, UVS_BOOTROM_BASE, UVS_BOOTROM_SIZE) ||
        in_region(addr, UVS_SRAM_BASE, UVS_SRAM_SIZE) ||
        in_region(addr, UVS_HBM_BASE, UVS_HBM_SIZE) ||
        in_region(addr, UVS_SPAD_BASE, UVS_SPAD_SIZE))
      return TGT_MEM;
    if (!is_amo && uva && in_region(addr, UVS_TILE_BASE, UVS_TILE_SIZE))
      return TGT_MMIO;
    if (!is_amo && (in_region(addr, UVS_CLINT_BASE, UVS_CLINT_SIZE) ||
                    in_region(addr, UVS_PLIC_BASE, UVS_PLIC_SIZE) ||
                    in_region(addr, UVS_UART0_BASE, UVS_UART0_SIZE) ||
                    in_region(addr, UVS_IOMMU_BASE, UVS_IOMMU_SIZE) ||
                    in_region(addr, UVS_HARTCTL_BASE, UVS_HARTCTL_SIZE)))
      return TGT_MMIO;
    if (!is_amo && mt && in_region(addr, uvs_mt_pkg::UVS_MT_CTL_BASE, uvs_mt_pkg::UVS_MT_CTL_SIZE))
      return TGT_MMIO;
    if (!is_amo && host_blocks &&
        (in_region(addr, UVS_HOSTIF_BASE, UVS_HOSTIF_SIZE) ||
         in_region(addr, UVS_DMA_BASE, UVS_DMA_SIZE)))
      return TGT_MMIO;
    if (uva && in_region(addr, UVS_UVA_BASE, UVS_UVA_SIZE) && !in_device_region(addr))
      return TGT_UVA;
    return TGT_ERR;
  endfunction

  // True when addr lies in one of the device's own regions (every region of
  // memmap.def but UVA, reserved ones included).
  function automatic logic in_device_region(logic [63:0] addr);
    return in_region(addr, UVS_BOOTROM_BASE, UVS_BOOTROM_SIZE) ||
           in_region(addr, UVS_CLINT_BASE, UVS_CLINT_SIZE) ||
           in_region(addr, UVS_PLIC_BASE, UVS_PLIC_SIZE) ||
           in_region(addr, UVS_UART0_BASE, UVS_UART0_SIZE) ||
           in_region(addr, UVS_IOMMU_BASE, UVS_IOMMU_SIZE) ||
           in_region(addr, UVS_DMA_BASE, UVS_DMA_SIZE) ||
           in_region(addr, UVS_HOSTIF_BASE, UVS_HOSTIF_SIZE) ||
           in_region(addr, UVS_SRAM_BASE, UVS_SRAM_SIZE) ||
           in_region(addr, UVS_HBM_BASE, UVS_HBM_SIZE) ||
           in_region(addr, UVS_TILE_BASE, UVS_TILE_SIZE) ||
           in_region(addr, UVS_HARTCTL_BASE, UVS_HARTCTL_SIZE) ||
           in_region(addr, UVS_SPAD_BASE, UVS_SPAD_SIZE);
  endfunction

  // Which MMIO target an address on the shared MMIO bus selects.
  function automatic mmio_tgt_e mmio_target(logic [63:0] addr);
    if (in_region(addr, UVS_CLINT_BASE, UVS_CLINT_SIZE)) return MT_CLINT;
    if (in_region(addr, UVS_PLIC_BASE, UVS_PLIC_SIZE)) return MT_PLIC;
    if (in_region(addr, UVS_HOSTIF_BASE, UVS_HOSTIF_SIZE)) return MT_HOSTIF;
    if (in_region(addr, UVS_DMA_BASE, UVS_DMA_SIZE)) return MT_DMA;
    if (in_region(addr, UVS_IOMMU_BASE, UVS_IOMMU_SIZE)) return MT_IOMMU;
    if (in_region(addr, UVS_HARTCTL_BASE, UVS_HARTCTL_SIZE)) return MT_HARTCTL;
    if (in_region(addr, uvs_mt_pkg::UVS_MT_CTL_BASE, uvs_mt_pkg::UVS_MT_CTL_SIZE)) return MT_MTCTL;
    return MT_UART;
  endfunction

  // True for a CLINT address (else, within MMIO, the UART).
  function automatic logic is_clint(logic [63:0] addr);
    return in_region(addr, UVS_CLINT_BASE, UVS_CLINT_SIZE);
  endfunction
endpackage
