"""All-Star Draft's printable components, drawn with the generic printing layer."""
