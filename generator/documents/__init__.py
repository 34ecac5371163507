"""Text documents (rule summaries, tables, reports): a small block model and its renderers to
PDF (A4, A5 booklet) and Markdown, with cards and the calibration sheet drawn in them."""
