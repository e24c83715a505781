"""The examples folder, shipped in the wheel as `lastmessage.data.examples` (see lastmessage/data)."""
