"""Where the two screens appear: device windows, simulator windows, or nowhere.

Backends give the app two surfaces in the screens' own sizes and turn
pygame's window, mouse, finger and key events into `Routed` inputs for one
screen or for the simulated buttons. On the device each screen is a
fullscreen `pygame.Window` on its own output; in the simulator both are
windows on one desktop, scaled to fit, with the virtual LED bar and the key
legend under the detective view; headless, they are plain surfaces.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from lastmessage.i18n.translate import translator
from lastmessage.ui.present import Layer, ScreenOutput, open_output, render_driver
from lastmessage.screens import Target
from lastmessage.ui import theme
from lastmessage.ui.screen import KeyPressed, Pointer, ScreenInput, TextTyped, Wheel
from lastmessage.ui.text import blit_text, fit_size

Size = tuple[int, int]

log = logging.getLogger(__name__)

FINGER_KINDS: dict[int, Literal["down", "move", "up"]] = {
    pygame.FINGERDOWN: "down", pygame.FINGERMOTION: "move", pygame.FINGERUP: "up"}
TEXT_KEYS = {"backspace", "return", "escape", "enter", "delete", "left", "right"}


@dataclass(frozen=True)
class ScreenEvent:
    target: Target
    event: ScreenInput


@dataclass(frozen=True)
class KeyEdge:
    """A physical key went down or up over one of the windows (simulator buttons)."""

    name: str
    pressed: bool
    target: Target


@dataclass(frozen=True)
class Quit:
    pass


Routed = ScreenEvent | KeyEdge | Quit


class DisplayError(RuntimeError):
    """The displays asked for cannot be opened; the message says what to change."""


def close_request(event: pygame.event.Event) -> bool:
    """A window close, a quit, or Alt+F4 (a compositor turns it into a close;
    without one it arrives as a key)."""
    if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
        return True
    return bool(event.type == pygame.KEYDOWN and event.key == pygame.K_F4 and event.mod & pygame.KMOD_ALT)


def hide_cursor() -> None:
    """Device screens are touched, never pointed at: no cursor over them."""
    pygame.mouse.set_visible(False)


class HeadlessDisplay:
    """Offscreen surfaces, for scripted play, tests and the benchmark."""

    def __init__(self, tablet_size: Size, detective_size: Size) -> None:
        self.tablet = pygame.Surface(tablet_size)
        self.detective = pygame.Surface(detective_size)

    def inputs(self) -> list[Routed]:
        return []

    def present(self, tablet_dirty: Sequence[pygame.Rect], detective_dirty: Sequence[pygame.Rect],
                panel: SimPanel | None = None, layers: tuple[Sequence[Layer], Sequence[Layer]] = ((), ())) -> None:
        pass

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class SimPanel:
    """What the simulator shows under the detective view: LEDs, sound, key legend."""

    levels: Sequence[float]
    frequency: float | None
    legend: Sequence[tuple[str, str]]
    link_ok: bool = True
    language: str = "en"   # of the screens (Status.language)


PANEL_DESIGN_HEIGHT = 118


class WindowDisplay:
    """Two `pygame.Window`s: fullscreen on two outputs (device) or scaled on a desktop (sim).

    Frames reach them through SDL's renderer (see `present`), or, where SDL
    can make no renderer, by flipping whole windows."""

    def __init__(self, tablet_size: Size, detective_size: Size, *, simulator: bool,
                 tablet_output: int = 0, detective_output: int = 1,
                 touch_target: Target = "tablet", desktops: Sequence[Size] | None = None) -> None:
        """`desktops`: the outputs the device saw (default: what SDL lists now)."""
        self.simulator = simulator
        self._closed = False
        self.lost: str | None = None   # why the screens are gone (the compositor went away), once they are
        self._panel: SimPanel | None = None   # the panel shown under the detective view
        self.touch_target: Target = touch_target
        if desktops is None:
            desktops = pygame.display.get_desktop_sizes()
        if not desktops:
            raise DisplayError("no display found; is a desktop session or a monitor connected?")
        if simulator:
            self._open_simulator(tablet_size, detective_size, desktops[0])
        else:
            self._open_device(desktops, tablet_output, detective_output)
        pygame.key.set_repeat()   # held keys are the HAL discipline's business
        pygame.key.start_text_input()

    # ---- opening ----------------------------------------------------------

    def _open_simulator(self, tablet_size: Size, detective_size: Size, desktop: Size) -> None:
        gap = 24
        width_scale = (desktop[0] * 0.96 - gap) / (tablet_size[0] + detective_size[0])
        height_scale = desktop[1] * 0.82 / max(tablet_size[1], detective_size[1] + PANEL_DESIGN_HEIGHT * 2)
        self.scale = min(1.0, width_scale, height_scale)
        tablet_window = (round(tablet_size[0] * self.scale), round(tablet_size[1] * self.scale))
        self.panel_height = max(64, round(PANEL_DESIGN_HEIGHT * max(self.scale, 0.5)))
        detective_view = (round(detective_size[0] * self.scale), round(detective_size[1] * self.scale))
        detective_window = (detective_view[0], detective_view[1] + self.panel_height)
        left = max(0, (desktop[0] - tablet_window[0] - gap - detective_window[0]) // 2)
        top = max(0, (desktop[1] - detective_window[1]) // 3)
        self.tablet_window = pygame.Window("Last Message — tablet (victim & criminal)", tablet_window,
                                           (left, top))
        self.detective_window = pygame.Window("Last Message — detective monitor", detective_window,
                                              (left + tablet_window[0] + gap, top))
        self._detective_view = detective_view
        self._open_outputs(tablet_size, detective_size,
                           (pygame.Rect((0, 0), tablet_window), pygame.Rect((0, 0), detective_view)),
                           pygame.Rect(0, detective_view[1], detective_view[0], self.panel_height))

    def _open_device(self, desktops: Sequence[Size], tablet_output: int, detective_output: int) -> None:
        for name, index in (("tablet_output", tablet_output), ("detective_output", detective_output)):
            if not 0 <= index < len(desktops):
                raise DisplayError(
                    f"display.{name} = {index}, but only {len(desktops)} display(s) are connected "
                    f"(0 to {len(desktops) - 1}); connect both screens or run `lastmessage sim`")
        if tablet_output == detective_output:
            raise DisplayError("display.tablet_output and display.detective_output are the same output")
        self.scale = 1.0
        self.panel_height = 0

        def window(title: str, output: int) -> pygame.Window:
            centred = pygame.WINDOWPOS_CENTERED | output
            created = pygame.Window(title, desktops[output], (centred, centred), borderless=True)
            created.set_fullscreen(desktop=True)
            return created

        # Titles are what labwc window rules match on (kiosk/install/files/rc.xml).
        self.tablet_window = window("Last Message tablet", tablet_output)
        self.detective_window = window("Last Message detective", detective_output)
        self._detective_view = self.detective_window.size
        self._open_outputs(self.tablet_window.size, self.detective_window.size)
        hide_cursor()

    def _open_outputs(self, tablet_size: Size, detective_size: Size,
                      views: tuple[pygame.Rect, pygame.Rect] | None = None,
                      panel: pygame.Rect | None = None) -> None:
        """The device fills each window (no `views`); the simulator places the views in its windows."""
        tablet_view, detective_view = views or (None, None)
        self.tablet_output: ScreenOutput = open_output(self.tablet_window, tablet_size, tablet_view)
        self.detective_output: ScreenOutput = open_output(self.detective_window, detective_size,
                                                          detective_view, panel)
        self.tablet = self.tablet_output.screen
        self.detective = self.detective_output.screen
        log.info("screens shown through the %s renderer (video driver %s)",
                 render_driver(self.detective_output), pygame.display.get_driver())

    # ---- input --------------------------------------------------------------

    def _target(self, window: object) -> Target | None:
        if window is self.tablet_window:
            return "tablet"
        if window is self.detective_window:
            return "detective"
        return None

    def _screen_point(self, x: float, y: float) -> tuple[float, float]:
        """Window pixels to screen pixels (the simulator shows screens scaled down)."""
        return x / self.scale, y / self.scale

    def inputs(self) -> list[Routed]:
        routed: list[Routed] = []
        for event in pygame.event.get():
            if event.type == pygame.QUIT and not self.simulator:
                # Two windows that nobody can close: SDL posts QUIT on the device
                # only when the Wayland connection is lost (it cannot reconnect).
                self.lost = "the screens are gone: the connection to the compositor was lost"
                routed.append(Quit())
                continue
            if close_request(event):
                # The device is locked: it ends only on SIGTERM (or the operator menu).
                if self.simulator and event.type != pygame.KEYDOWN:
                    routed.append(Quit())
                continue
            if event.type == pygame.WINDOWEXPOSED:
                exposed = self._target(getattr(event, "window", None))
                if exposed is not None:
                    (self.tablet_output if exposed == "tablet" else self.detective_output).expose()
                continue
            if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
                # Under KMSDRM touches come without a window, as 0..1 of the panel.
                touched = self._target(getattr(event, "window", None)) or self.touch_target
                surface = self.tablet if touched == "tablet" else self.detective
                width, height = surface.get_size()
                routed.append(ScreenEvent(touched, Pointer(FINGER_KINDS[event.type], event.x * width,
                                                           event.y * height, id=event.finger_id + 1)))
                continue
            target = self._target(getattr(event, "window", None))
            if target is None:
                continue
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
                if getattr(event, "touch", False):
                    continue   # the finger events carry touches
                x, y = self._screen_point(*event.pos)
                if event.type == pygame.MOUSEMOTION:
                    routed.append(ScreenEvent(target, Pointer("move", x, y, pressed=bool(event.buttons[0]))))
                elif event.button == 1:
                    routed.append(ScreenEvent(target, Pointer(
                        "down" if event.type == pygame.MOUSEBUTTONDOWN else "up", x, y)))
            elif event.type == pygame.MOUSEWHEEL and target == "detective" and event.y:
                x, y = self._screen_point(*pygame.mouse.get_pos())   # the search view zooms where it points
                routed.append(ScreenEvent(target, Wheel(x, y, 1 if event.y > 0 else -1)))
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = pygame.key.name(event.key)
                pressed = event.type == pygame.KEYDOWN
                routed.append(KeyEdge(name, pressed, target))
                if pressed and target == "tablet" and name in TEXT_KEYS:
                    routed.append(ScreenEvent("tablet", KeyPressed(name)))
            elif event.type == pygame.TEXTINPUT and target == "tablet":
                routed.append(ScreenEvent("tablet", TextTyped(event.text)))
        return routed

    # ---- output ---------------------------------------------------------------

    def present(self, tablet_dirty: Sequence[pygame.Rect], detective_dirty: Sequence[pygame.Rect],
                panel: SimPanel | None = None, layers: tuple[Sequence[Layer], Sequence[Layer]] = ((), ())) -> None:
        """`layers`: the tablet's and the monitor's (App.layers), drawn over their screens."""
        paint_panel = None
        if self.simulator and panel is not None:
            if panel != self._panel:   # the LEDs and legend go up only when they change
                self._panel = shown = panel

                def paint_panel(target: pygame.Surface) -> None:
                    self._draw_panel(target, shown)
        for output, dirty, painter, over in ((self.tablet_output, tablet_dirty, None, layers[0]),
                                             (self.detective_output, detective_dirty, paint_panel, layers[1])):
            output.upload(dirty, painter, over)
            output.present()

    def _draw_panel(self, target: pygame.Surface, panel: SimPanel) -> None:
        area = target.get_rect()
        target.fill(theme.NIGHT_RAISED, area)
        pad = area.h // 8
        led_w = max(10, area.w // 40)
        led_h = area.h - 2 * pad
        for index, level in enumerate(panel.levels):
            box = pygame.Rect(area.x + pad + index * (led_w + pad // 2), area.y + pad, led_w, led_h)
            glow = tuple(round(dark + (bright - dark) * level)
                         for dark, bright in zip(theme.NIGHT_LINE, theme.AMBER))
            pygame.draw.rect(target, glow, box, border_radius=led_w // 4)
        x = area.x + pad + len(panel.levels) * (led_w + pad // 2) + pad
        size = max(11, area.h // 7)
        blit_text(target, "♪" if panel.frequency else "", size * 2, theme.AMBER,
                  midleft=(x, area.centery))
        x += size * 2
        column_width = (area.right - x) // 3
        tx = translator(panel.language)
        for index, (keys, meaning) in enumerate(panel.legend):
            column, row = divmod(index, 3)
            y = area.y + pad + row * (area.h - 2 * pad) // 3
            # The legend is written in English (hal.sim.KEY_LEGEND), put into the language shown here.
            line = f"{tx.tr(keys)}: {tx.tr(meaning)}"
            blit_text(target, line, fit_size(line, column_width - pad, size), theme.TEXT,
                      topleft=(x + column * column_width, y))
        if not panel.link_ok:
            blit_text(target, tx.tr("timer module disconnected"), size, theme.CRIMSON,
                      midright=(area.right - pad, area.bottom - pad - size // 2))

    def close(self) -> None:
        """Once; again does nothing (the device closes its windows when a screen goes)."""
        if self._closed:
            return
        self._closed = True
        # Windows go before pygame.quit() (pygame-ce issue #3601), their renderers before them.
        self.tablet_output.close()
        self.detective_output.close()
        self.tablet_window.destroy()
        self.detective_window.destroy()

