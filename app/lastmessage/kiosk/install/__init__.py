"""Installing the device on Raspberry Pi OS: a kiosk session, a watched service, the files they need."""
