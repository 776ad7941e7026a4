"""Bito companion: the command line, and (later) the server and phone page wiring the referee to the camera."""
