"""A scenario written as YAML text in the house style: block mappings, card lists on one line
in short form (``[2 Copper, Gold]``), turn, tokens and piles as flow mappings."""

from __future__ import annotations

import io
from itertools import groupby
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

ZONE_KEYS = ("hand", "deck", "discard", "mat", "aside", "trash")
#: Mappings written on one line: what a zone claim says of it, and a group of unknown cards.
ONE_LINE_KEYS = {"in_order", "includes", "excludes", "count", "unknown", "pool"}


def compact(names: list[str]) -> list[str]:
    """Runs of the same card as short forms: ``[Copper, Copper, Gold]`` -> ``[2 Copper, Gold]``."""
    out: list[str] = []
    for name, run in groupby(names):
        n = len(list(run))
        out.append(f"{n} {name}" if n > 1 else name)
    return out


def _styled(data: Any, key: str = "") -> Any:
    if isinstance(data, dict):
        m = CommentedMap()
        for k, v in data.items():
            m[k] = _styled(v, k)
        if key in ("turn", "tokens", "piles") or isinstance(data.get("card"), str) or \
                _one_line(data):
            m.fa.set_flow_style()
        return m
    if isinstance(data, list):
        cards = key in ZONE_KEYS or key in ONE_LINE_KEYS
        items = compact(data) if cards and all(isinstance(x, str) for x in data) else data
        seq = CommentedSeq([_styled(x) for x in items])
        if all(isinstance(x, str | int) or _one_line(x) for x in items) and key != "script":
            seq.fa.set_flow_style()
        return seq
    return data


def _one_line(data: Any) -> bool:
    return isinstance(data, dict) and bool(data) and set(data) <= ONE_LINE_KEYS


def _null(representer: Any, _: None) -> Any:
    return representer.represent_scalar("tag:yaml.org,2002:null", "null")


def scenario_yaml(data: dict[str, Any], width: int = 100) -> str:
    """YAML text for a scenario dict: block mappings, card lists on one line in short form
    (flow lists wrapped at ``width``)."""
    yaml = YAML(typ="rt")
    yaml.width = width
    yaml.brace_single_entry_mapping_in_flow_sequence = True  # [Gold, {unknown: [2 Copper]}]
    yaml.representer.add_representer(type(None), _null)  # "pending: null", not "pending:"
    yaml.indent(mapping=2, sequence=4, offset=2)
    out = io.StringIO()
    yaml.dump(_styled(data), out)
    return out.getvalue()
