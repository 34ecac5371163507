"""The draftdeck command line: thin commands over the library."""
