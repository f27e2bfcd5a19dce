"""Effects by family, each a small frozen dataclass registered under its card-file name."""
