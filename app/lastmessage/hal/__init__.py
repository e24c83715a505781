"""Controls and outputs of the device, behind backends (gpio, serial, sim)."""
