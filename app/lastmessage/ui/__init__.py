"""pygame-ce views of the two screens: the tablet and the detective monitor."""
