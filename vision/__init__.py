"""Bito vision: synthetic Durak tables, the card detector and its torch-free runtime."""
