# placeholder: replaced by its owner
SIM := $(CFG_BUILD)/uvmsoc-sim
.PHONY: sim sim-unit-tests
