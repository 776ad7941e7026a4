"""Rendered game videos: referee games played out as table videos with their true records.

``game`` simulates and records a game with seeded illegal attempts, ``script`` turns its moves
into arm trips over the table, ``scene`` places the table and the camera, ``render`` draws the
frames, ``make`` writes a game folder (video.mp4, truth.jsonl, meta.json) and ``batch`` a set.
"""
