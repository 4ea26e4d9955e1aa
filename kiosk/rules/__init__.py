"""Rules core: pure game logic. No I/O, no clock reads, no pygame, no OpenCV."""
