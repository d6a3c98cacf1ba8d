import sys

try:
    from .cli import main

    status = main()
except KeyboardInterrupt:  # Ctrl-C while hhaudit was still starting
    print("hhaudit: interrupted", file=sys.stderr)
    status = 130
sys.exit(status)
