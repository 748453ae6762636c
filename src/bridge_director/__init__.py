"""bridge-director: the Laws of Duplicate Bridge, scores and a director's register."""

__version__ = "0.1.0"
