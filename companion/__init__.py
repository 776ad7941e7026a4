"""Bito companion: the command line, and the apps that wire the referee to the camera."""
