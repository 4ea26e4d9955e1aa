"""Thin adapters for buttons, LEDs and cameras; backends injected from outside."""
