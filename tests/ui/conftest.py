"""Screen tests run headless: no window, no sound card."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402  (the drivers above must be chosen before pygame starts)

pygame.init()
