"""The speaker: synthesised sounds, when they play, their captions, the volume setting."""
