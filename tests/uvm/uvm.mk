# Unified memory (issue 5): unit tests of the firmware page cache and fault
# forwarder (firmware/pcache.c, firmware/faultfwd.c) and of the host's
# managed memory and fault service (host/lib/uvm_managed.c, uvm_fault.c),
# plus a build of the firmware parts for the management hart.
# Included by the top Makefile (or `make -f Makefile -f tests/uvm/uvm.mk`).
#
#   make uvm-unit-tests   $(BUILD)/tests/uvm/test_* and san/test_* (ASan/UBSan)
#   make uvm-fw-objs      $(BUILD)/tests/uvm/fw/*.o with $(RV_CC) and picolibc
#
# Needs: HOST_CC, HOST_CFLAGS, SAN_FLAGS, RV_CC, RV_CFLAGS, GEN_INC, BUILD
# and the ABI header rules of the top Makefile; cmocka.
ifndef UVM_MK_INCLUDED
UVM_MK_INCLUDED := 1

UVM_OUT       := $(BUILD)/tests/uvm
UVM_TESTS     := $(notdir $(basename $(wildcard tests/uvm/test_*.c)))
UVM_FW_SRCS   := firmware/pcache.c firmware/faultfwd.c
UVM_HOST_SRCS := host/lib/uvm_managed.c host/lib/uvm_fault.c host/lib/uvm_coher.c host/lib/uvm_thrash.c host/lib/uvm_policy.c \
                 host/lib/uvm_latency.c host/lib/uvm_readmostly.c
UVM_TEST_LIB  := tests/uvm/tpt.c
UVM_HDRS      := firmware/pcache.h firmware/faultfwd.h host/lib/uvm_managed.h host/lib/uvm_fault.h host/lib/uvm_coher.h \
                 host/lib/uvm_thrash.h host/lib/uvm_policy.h host/lib/uvm_latency.h host/lib/uvm_readmostly.h \
                 include/uvmsoc/uvm_abi.h include/uvmsoc/iommu_structs.h include/lib/uvs_iommu_rec.h \
                 $(wildcard tests/uvm/*.h)
UVM_GENH      := $(GEN_INC)/uvmsoc/uvm.h $(GEN_INC)/uvmsoc/iommu_rec.h $(GEN_INC)/uvmsoc/iommu_pt.h \
                 $(GEN_INC)/uvmsoc/iommu_regs.h
UVM_CFLAGS    := $(HOST_CFLAGS) -Ifirmware -Ihost/lib -Iinclude/lib -Itests/uvm
UVM_DEPS      := $(UVM_FW_SRCS) $(UVM_HOST_SRCS) $(UVM_TEST_LIB) $(UVM_HDRS) $(UVM_GENH)
UVM_BINS      := $(foreach t,$(UVM_TESTS),$(UVM_OUT)/$(t) $(UVM_OUT)/san/$(t))

.PHONY: uvm-unit-tests uvm-fw-objs
uvm-unit-tests: $(UVM_BINS)

$(UVM_OUT)/test_%: tests/uvm/test_%.c $(UVM_DEPS) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(HOST_CC) $(UVM_CFLAGS) $< $(UVM_FW_SRCS) $(UVM_HOST_SRCS) $(UVM_TEST_LIB) $(COMMON_LIB) $(COMMON_LDLIBS) -lcmocka -o $@

$(UVM_OUT)/san/test_%: tests/uvm/test_%.c $(UVM_DEPS) $(COMMON_LIB_SAN)
	@mkdir -p $(@D)
	$(HOST_CC) $(UVM_CFLAGS) -O1 $(SAN_FLAGS) $< $(UVM_FW_SRCS) $(UVM_HOST_SRCS) $(UVM_TEST_LIB) $(COMMON_LIB_SAN) $(COMMON_LDLIBS) -lcmocka -o $@

# The firmware parts, compiled as the firmware compiles its own sources.
UVM_FW_OBJS := $(UVM_OUT)/fw/pcache.o $(UVM_OUT)/fw/faultfwd.o
uvm-fw-objs: $(UVM_FW_OBJS)
$(UVM_OUT)/fw/%.o: firmware/%.c $(UVM_HDRS) $(UVM_GENH)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) --specs=picolibc.specs -Ifirmware -Iinclude/lib -c $< -o $@

# libuvmsoc picks up host/lib/uvm_*.c by wildcard (host/host.mk); they need
# these generated headers, which host.mk's HOST_ABI_H does not list.
$(BUILD)/host/obj/uvm_fault.o $(BUILD)/host/obj/uvm_managed.o $(BUILD)/host/obj/uvm_policy.o \
$(BUILD)/host/obj/uvm_latency.o $(BUILD)/host/san/obj/uvm_latency.o \
$(BUILD)/host/obj/uvm_readmostly.o $(BUILD)/host/san/obj/uvm_readmostly.o \
$(BUILD)/host/san/obj/uvm_fault.o $(BUILD)/host/san/obj/uvm_managed.o $(BUILD)/host/san/obj/uvm_policy.o: \
  $(GEN_INC)/uvmsoc/uvm.h $(GEN_INC)/uvmsoc/iommu_rec.h include/uvmsoc/uvm_abi.h

endif
