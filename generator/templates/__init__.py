"""Card templates: faces described in data, bound to each card's fields, drawn with the pen."""
