"""Writing build results: atomically, so a failed build never damages the last good output."""
