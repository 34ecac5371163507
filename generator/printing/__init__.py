"""Drawing and print geometry, shared by every game and free of any language: sizes,
imposition, crop marks, duplex backs, the pen that fits text, PDF and PNG output."""
