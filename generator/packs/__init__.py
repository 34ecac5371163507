"""The generic model of a game pack: its manifest, boxes, cards, templates and theme."""
