"""pygame screens drawn from a ScreenModel; no game logic here."""
