"""The scenes folder, shipped in the wheel as `lastmessage.data.scenes` (see lastmessage/data)."""
