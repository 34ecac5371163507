"""A valid game pack as every consumer reads it: its boxes, components and cards, with the
templates, theme, phrases and emblems they are drawn with."""
