"""Phones at the table: the phone page served beside the frame loop, join codes, marks.

The server runs on its own thread and asyncio loop (server.py); the frame loop
and it meet only through bounded queues (bridge.py), so no phone can stall a
frame. What leaves the device is the public projection the monitor is given
(public.py), never a character's id or description; what comes in is a mark
on the scene, and nothing else reaches the table.
"""
