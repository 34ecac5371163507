"""All-Star Draft's rules summary and rulebook tables, generated from the data."""
