"""Translation: the strings of a pack's data and templates, gettext catalogs and their
workflow (extract, update, check, compile), the glossary, and draftdeck's own interface."""
