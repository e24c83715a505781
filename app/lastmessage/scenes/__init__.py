"""Scenes: the pictures the detectives search, as data, and their rendering."""
