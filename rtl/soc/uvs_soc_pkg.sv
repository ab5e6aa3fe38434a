// uvs_soc_pkg: address decode shared by the SoC interconnect.
// Regions come from uvs_memmap_pkg (include/uvmsoc/memmap.def); see
// docs/architecture.md, "Memory map" and "On-chip bus".
package uvs_soc_pkg;
  import uvs_memmap_pkg::*;

  // Target of a data-port request.
  typedef enum logic [1:0] {
    TGT_MEM  = 2'd0,  // BOOTROM or SRAM window: the DPI memory port
    TGT_MMIO = 2'd1,  // CLINT or UART0: the shared MMIO arbiter
    TGT_ERR  = 2'd2   // unmapped or reserved: the error responder
  } target_e;

  // True when addr lies in [base, base + size); size is a power of two and
  // base is aligned to it (memmap.def guarantees both).
  function automatic logic in_region(logic [63:0] addr, logic [63:0] base,
                                     logic [63:0] size);
    return (addr & ~(size - 64'd1)) == base;
  endfunction

  // Routes a data-port request by byte address. AMOs and LR/SC are performed
  // at the memory only, so an atomic to MMIO is routed to the error responder
  // (the hart takes a store/AMO access fault, privileged spec 3.6.3.3).
  function automatic target_e decode(logic [63:0] addr, logic is_amo);
    if (in_region(addr, UVS_BOOTROM_BASE, UVS_BOOTROM_SIZE) ||
        in_region(addr, UVS_SRAM_BASE, UVS_SRAM_SIZE))
      return TGT_MEM;
    if (!is_amo && (in_region(addr, UVS_CLINT_BASE, UVS_CLINT_SIZE) ||
                    in_region(addr, UVS_UART0_BASE, UVS_UART0_SIZE)))
      return TGT_MMIO;
    return TGT_ERR;
  endfunction

  // True for a CLINT address (else, within MMIO, the UART).
  function automatic logic is_clint(logic [63:0] addr);
    return in_region(addr, UVS_CLINT_BASE, UVS_CLINT_SIZE);
  endfunction
endpackage
