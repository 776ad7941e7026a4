"""Training code: needs torch and ultralytics (the training venv); never imported at run time."""
