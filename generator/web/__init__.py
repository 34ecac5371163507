"""draftdeck in the browser: a live gallery of a pack's cards (`draftdeck serve`)."""
