"""Maintenance scripts for the referee package (run by developers, never at run time)."""
