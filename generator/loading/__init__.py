"""Generic loading: strict YAML, JSON Schema validation and game packs."""
