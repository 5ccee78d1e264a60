"""solo: keep the GM's books for a solo dungeon crawl."""

__version__ = "0.1.0"
__all__ = ["__version__"]
