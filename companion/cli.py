"""The ``bito`` command line."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from companion import referee_commands

OPTIONAL_COMMANDS = (
    "companion.detector_commands",
    "companion.run_commands",
    "companion.watch_commands",
)
"""Command modules added by other parts of the product, when they are installed."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bito", description="Bito: a camera referee for Durak, the card game."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    referee_commands.register(sub)
    for name in OPTIONAL_COMMANDS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result = args.handler(args)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        from referee.errors import BitoError
        from vision.runtime import RuntimeChoiceError

        if isinstance(exc, BitoError | OSError | json.JSONDecodeError | RuntimeChoiceError):
            name = type(exc).__name__
            print(f"bito {args.command}: {name}: {exc}", file=sys.stderr)
            return 2
        raise
    return int(result or 0)


def entry() -> None:  # pragma: no cover - console script
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
