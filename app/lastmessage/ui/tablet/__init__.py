"""The tablet screens (victim and criminal, behind the privacy screen)."""

from lastmessage.ui.tablet.tablet_ui import TabletUI

__all__ = ["TabletUI"]
