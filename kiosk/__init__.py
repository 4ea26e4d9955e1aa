"""Club-table Scrabble kiosk: rules core, game clock, orchestration and display."""
