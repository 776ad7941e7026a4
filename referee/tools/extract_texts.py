"""Extract each variant's rules text from VARIANTS.md into the package's data file.

The product never reads ``shared/`` at run time: the rules pages (:mod:`referee.rules_page`)
read the committed ``referee/data/variant_texts.json`` that this script writes. Run it again
when VARIANTS.md changes::

    python -m referee.tools.extract_texts /work/shared/rules/VARIANTS.md
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "variant_texts.json"

_SECTION = re.compile(r"^### (4\.\d+) `(\w+)`(.*)$")


def extract(markdown: str) -> dict[str, object]:
    """``{"base": §2 text, "sections": {slug: {"section", "heading", "text"}}}``.

    A variant with two entries (``royal``, §4.18 and its duplicate §4.52) keeps the first."""
    lines = markdown.splitlines()
    sections: dict[str, dict[str, str]] = {}
    base: list[str] = []
    current: tuple[str, str, str] | None = None
    body: list[str] = []
    in_base = False

    def close() -> None:
        if current is not None and current[1] not in sections:
            number, slug, heading = current
            text = "\n".join(body).strip().rstrip("-").strip()
            sections[slug] = {"section": number, "heading": heading, "text": text}

    for line in lines:
        match = _SECTION.match(line)
        if line.startswith("## "):
            close()
            current, body = None, []
            in_base = line.startswith("## 2.")
            continue
        if match:
            close()
            number, slug, rest = match.groups()
            current, body = (number, slug, rest.lstrip(": ").strip()), []
            continue
        if current is not None:
            body.append(line)
        elif in_base:
            base.append(line)
    close()
    base_text = "\n".join(base).strip().rstrip("-").strip()
    return {"source": "shared/rules/VARIANTS.md", "base": base_text, "sections": sections}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants_md", type=Path, help="path to VARIANTS.md")
    parser.add_argument("--out", type=Path, default=DATA_FILE)
    args = parser.parse_args(argv)
    data = extract(args.variants_md.read_text(encoding="utf-8"))
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    sections = data["sections"]
    assert isinstance(sections, dict)
    sys.stdout.write(f"wrote {args.out}: {len(sections)} variant texts\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
