"""A short rules page for every variant, from the code's own rule settings and the variant's text.

The page says, for a variant (and the options a table chose):

* whether it is playable, its family, and what the camera can and cannot check;
* every rule setting that differs from the base game (``Rules.to_dict()`` against `podkidnoy`);
* the table options with their values (the one in force marked);
* rules that the engine spells out itself (`czech`'s options);
* the variant's own text from VARIANTS.md §4 (``referee/data/variant_texts.json``, written by
  :mod:`referee.tools.extract_texts`; nothing under ``shared/`` is read at run time).

``page(...)`` gives the page as data (served to the phone later); ``render(...)`` as text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

from referee.errors import BitoError
from referee.rules import OPTIONS, Rules
from referee.variants import VARIANTS, Variant, find_variant

_WORDS = {
    "en": {
        "playable": "playable",
        "not_playable": "not playable",
        "family": "family",
        "camera": "camera",
        "settings": "rules that differ from the base game (podkidnoy, §2)",
        "same": "none, this is the base game; its settings",
        "options": "table options",
        "none": "none",
        "engine": "engine rules",
        "text": "rules text (VARIANTS.md §{section})",
        "base": "base game (VARIANTS.md §2)",
        "aliases": "also called",
        "modes": "may also be played as",
    },
    "ru": {
        "playable": "можно играть",
        "not_playable": "пока нельзя играть",
        "family": "семейство",
        "camera": "камера",
        "settings": "отличия от базовой игры (подкидной, §2)",
        "same": "нет, это базовая игра; её настройки",
        "options": "настройки стола",
        "none": "нет",
        "engine": "правила движка",
        "text": "текст правил (VARIANTS.md §{section}, по-английски)",
        "base": "базовая игра (VARIANTS.md §2, по-английски)",
        "aliases": "другие названия",
        "modes": "можно играть и как",
    },
}

_CAMERA_EXTRA: dict[str, str] = {
    "armenian_2": (
        "following suit is checked in hindsight: a card of the led suit later played from the "
        "hand that did not follow is reported as a revoke"
    ),
    "czech": (
        "the named suit is entered with the move (A:play Qs=h); draws and passes are not "
        "checked; the loser lays his hand face up for scoring (A:showhand ...)"
    ),
    "pasyansny": "'I have none' is checked in hindsight, when the card he held shows",
}


@cache
def variant_texts() -> dict[str, Any]:
    """The committed extract of VARIANTS.md (§2 and every §4 section)."""
    path = resources.files("referee").joinpath("data", "variant_texts.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def changed_settings(rules: Rules) -> dict[str, Any]:
    """The rule settings that differ from the base game's (``variant`` and ``engine`` aside
    from the first, which every page names)."""
    base = VARIANTS["podkidnoy"].rules
    assert base is not None
    base_settings = base.to_dict()
    return {
        key: value
        for key, value in rules.to_dict().items()
        if key != "variant" and base_settings.get(key) != value
    }


def _engine_notes(rules: Rules) -> list[str]:
    from referee.game import _load_engines

    for module in _load_engines():
        if getattr(module, "ENGINE", None) == rules.engine:
            notes: Callable[[Rules], list[str]] | None = getattr(module, "page_notes", None)
            if notes is not None:
                return notes(rules)
    return []


def _option_rows(variant: Variant, chosen: Mapping[str, str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    rules = variant.rules
    for name in sorted(variant.allowed_options()):
        option = OPTIONS[name]
        values = list(option.values)
        if name == "deck" and rules is not None:
            values = [str(size) for size in rules.allowed_decks]
        rows.append(
            {
                "name": name,
                "values": values,
                "help": option.help,
                "value": chosen.get(name, _default_value(variant, name, values)),
            }
        )
    return rows


def _default_value(variant: Variant, name: str, values: list[str]) -> str:
    """The option's value that leaves the variant's own rules as they are (fool_five's
    refill_order is defender_last, not the first value listed)."""
    own = variant.configure({})
    for value in values:
        try:
            if variant.configure({name: value}) == own:
                return value
        except BitoError:
            continue
    return values[0]


def page(name: str, options: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The rules page of a variant (by slug or alias) as data."""
    variant = find_variant(name)
    chosen = dict(options or {})
    texts = variant_texts()
    section = texts["sections"].get(variant.slug, {})
    out: dict[str, Any] = {
        "slug": variant.slug,
        "title": variant.title,
        "section": variant.section,
        "family": variant.family,
        "playable": variant.playable,
        "why_not_playable": variant.why_not_playable or None,
        "camera": variant.camera,
        "camera_note": "; ".join(
            n for n in (variant.camera_note, _CAMERA_EXTRA.get(variant.slug, "")) if n
        )
        or None,
        "aliases": list(variant.aliases),
        "base_modes": ["podkidnoy", "simple", "perevodnoy"] if variant.plus_s_t else None,
        "options": [],
        "settings": None,
        "rules": None,
        "engine": None,
        "engine_notes": [],
        "text": section.get("text", ""),
        "base_text": texts["base"] if variant.slug == "podkidnoy" else None,
    }
    if variant.rules is not None:
        rules = variant.configure(chosen)
        out["options"] = _option_rows(variant, chosen)
        out["settings"] = changed_settings(rules)
        out["rules"] = rules.to_dict()
        out["engine"] = rules.engine
        out["engine_notes"] = _engine_notes(rules)
    return out


def render(name: str, options: Mapping[str, str] | None = None, lang: str = "en") -> str:
    """The rules page as text."""
    data = page(name, options)
    w = _WORDS.get(lang, _WORDS["en"])
    lines = [f"{data['slug']}: {data['title']} (VARIANTS.md §{data['section']})"]
    status = w["playable"] if data["playable"] else w["not_playable"]
    if data["why_not_playable"]:
        status += f": {data['why_not_playable']}"
    lines.append(f"{status}; {w['family']} {data['family']}")
    camera = f"{w['camera']}: {data['camera']}"
    if data["camera_note"]:
        camera += f" ({data['camera_note']})"
    lines.append(camera)
    if data["aliases"]:
        lines.append(f"{w['aliases']}: {', '.join(data['aliases'])}")
    if data["base_modes"]:
        lines.append(f"{w['modes']}: {', '.join(data['base_modes'])} (base_mode)")
    if data["settings"] is not None:
        lines += ["", f"{w['settings']}:"]
        settings = data["settings"]
        if settings == {}:
            lines.append(f"  {w['same']}:")
            settings = data["rules"]
        for key, value in settings.items():
            lines.append(f"  {key} = {json.dumps(value, ensure_ascii=False)}")
        lines += ["", f"{w['options']}:"]
        if not data["options"]:
            lines.append(f"  {w['none']}")
        for row in data["options"]:
            values = " | ".join(f"[{v}]" if v == row["value"] else v for v in row["values"])
            lines.append(f"  {row['name']}: {values} - {row['help']}")
    if data["engine_notes"]:
        lines += ["", f"{w['engine']} ({data['engine']}):"]
        lines += [f"  - {note}" for note in data["engine_notes"]]
    if data["text"]:
        lines += ["", w["text"].format(section=data["section"]) + ":", "", data["text"]]
    if data["base_text"]:
        lines += ["", w["base"] + ":", "", data["base_text"]]
    return "\n".join(lines) + "\n"
