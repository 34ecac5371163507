"""draftdeck: card data, rules reference and print-and-play output for drafting games."""

__version__ = "0.1.0"
