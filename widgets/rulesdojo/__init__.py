"""Teach the energy-counter and landfall rules with widgets backed by an exact engine."""
__version__ = "0.1.0"
