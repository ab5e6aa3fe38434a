# Host driver: libuvmsoc ($(BUILD)/host/libuvmsoc.a) and the CLI uvmsoc
# ($(BUILD)/host/uvmsoc); their tests: tests/host/host_tests.mk.
#
#   make host             library and CLI
#
# Needs: HOST_CC, HOST_CFLAGS, SAN_FLAGS, GEN_INC, BUILD, RV_CC and the ABI
# header rules of the top Makefile; libelf, libfdt, cmocka (scripts/setup-deps.sh).

HOST_BUILD      := $(BUILD)/host
HOST_LIB        := $(HOST_BUILD)/libuvmsoc.a
HOST_LIB_SAN    := $(HOST_BUILD)/san/libuvmsoc.a
HOST_CLI        := $(HOST_BUILD)/uvmsoc
HOST_LIB_SRCS   := $(wildcard host/lib/*.c)
HOST_LIB_HDRS   := $(wildcard host/lib/*.h) include/uvmsoc/uvmsoc.h $(COMMON_HDRS) \
                   include/uvmsoc/dma_desc.h include/uvmsoc/hostq.h
# every generated ABI header: the library includes most of them (uvm.h, iommu_*.h, ...)
HOST_ABI_H      := $(ABI_H)
HOST_LDLIBS     := -lelf -lfdt -lm
# The CLI reads and replays access traces (include/lib: in libuvmsoc, zlib).
HOST_CLI_LIBS   := $(COMMON_LDLIBS)
HOST_CLI_SRCS   := $(wildcard host/cli/*.c)

.PHONY: host
host: $(HOST_LIB) $(HOST_CLI)

$(HOST_BUILD)/obj/%.o: host/lib/%.c $(HOST_LIB_HDRS) $(HOST_ABI_H)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -c $< -o $@
$(HOST_BUILD)/san/obj/%.o: host/lib/%.c $(HOST_LIB_HDRS) $(HOST_ABI_H)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -c $< -o $@

# libuvmsoc also carries the shared library's objects (include/lib/lib.mk) so
# that it stands alone when installed.
$(HOST_LIB): $(patsubst host/lib/%.c,$(HOST_BUILD)/obj/%.o,$(HOST_LIB_SRCS)) $(COMMON_OBJS)
	@rm -f $@
	ar rcs $@ $^
$(HOST_LIB_SAN): $(patsubst host/lib/%.c,$(HOST_BUILD)/san/obj/%.o,$(HOST_LIB_SRCS)) $(COMMON_OBJS_SAN)
	@rm -f $@
	ar rcs $@ $^

# The fault-service parts that the fuzz harness fault_ring drives, built for
# libFuzzer (tests/fuzz/fuzz.mk links this instead of compiling host/ sources).
HOST_PARTS_FUZZ      := host/lib/uvm_fault.c host/lib/uvm_thrash.c host/lib/uvm_policy.c host/lib/uvm_readmostly.c
HOST_PARTS_LIB_FUZZ  := $(HOST_BUILD)/fuzz/libhostparts.a
HOST_PARTS_CFLAGS_FUZZ = $(FUZZ_CFLAGS) -Ihost/lib
$(eval $(call PARTS_ARCHIVE,$(HOST_PARTS_LIB_FUZZ),$(HOST_PARTS_FUZZ),$(HOST_BUILD)/fuzz/obj,FUZZ_CC,HOST_PARTS_CFLAGS_FUZZ))

$(HOST_CLI): $(HOST_CLI_SRCS) $(wildcard host/cli/*.h) $(HOST_LIB) $(HOST_LIB_HDRS) $(HOST_ABI_H)
	$(HOST_CC) $(HOST_CFLAGS) -Ihost/lib -Iinclude/lib $(HOST_CLI_SRCS) $(HOST_LIB) $(HOST_LDLIBS) $(HOST_CLI_LIBS) -o $@

# The CLI's host-testable part (its independent CRC-32C) as an ASan/UBSan
# archive for the end-to-end helper crc32c-file (tests/host/host_tests.mk).
HOST_CLI_PARTS_LIB_SAN  := $(HOST_BUILD)/cli-parts/san/libcliparts.a
HOST_CLI_PARTS_CFLAGS_SAN = $(HOST_CFLAGS) -O1 $(SAN_FLAGS)
$(eval $(call PARTS_ARCHIVE,$(HOST_CLI_PARTS_LIB_SAN),host/cli/crc32c.c,$(HOST_BUILD)/cli-parts/san/obj,HOST_CC,HOST_CLI_PARTS_CFLAGS_SAN))

# The unit tests and end-to-end helpers of tests/ are built by
# tests/host/host_tests.mk (host-unit-tests, host-unit-tests-build,
# e2e-tests-build), included after this file.
