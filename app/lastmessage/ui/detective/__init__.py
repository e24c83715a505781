"""The detective monitor: the scene, the boards, the suspect cursor, verdict and reveal."""

from lastmessage.ui.detective.screen import DetectiveUI

__all__ = ["DetectiveUI"]
