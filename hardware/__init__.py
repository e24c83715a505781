"""The hardware folder, shipped in the wheel as `lastmessage.data.hardware` (see lastmessage/data)."""
