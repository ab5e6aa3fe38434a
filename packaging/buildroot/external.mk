include $(sort $(wildcard $(BR2_EXTERNAL_UVMSOC_PATH)/package/*/*.mk))
