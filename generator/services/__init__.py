"""What the commands do, as a library: validate, load, render, preview, watch, build, write the
texts, start a pack, list cards. Each takes paths and settings and returns results."""
