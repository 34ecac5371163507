"""Reading a pack's files: strict YAML, JSON Schema validation with located messages, the
manifest, the pack's documents and items, question files, and the files a pack may read."""
