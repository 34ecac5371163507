"""Allow `python -m generator`."""

from generator.cli.app import main

main()
