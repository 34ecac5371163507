"""The text grammar of templates and translations: placeholders and rich-text markup, parsed.

Templates evaluate what is parsed here, the pen lays it out, and the translation checks
compare a text's placeholders and markup with its translation's; none of them needs
another's layer for it.
"""
