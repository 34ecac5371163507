"""Translations: data strings, gettext catalogs and their checks."""
