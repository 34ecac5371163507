"""Text documents (rule summaries, tables): a small block model and its renderers."""
