"""Print geometry, shared by every game: sizes, imposition, crop marks, duplex backs."""
