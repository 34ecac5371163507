"""The ground every layer stands on: errors, located diagnostics, draftdeck's own paths and the
working folder, the gettext context names, and plain terminal tables."""
