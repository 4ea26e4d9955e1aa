"""Camera frames in, BoardObservation out."""
