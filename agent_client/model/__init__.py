"""A ``get_tree`` answer as data: node records, text matching, selectors, outlines. No I/O."""
