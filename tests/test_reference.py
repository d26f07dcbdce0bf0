"""The rules reference (issue: rulebook as a reference) and rule coverage."""

from __future__ import annotations

import re
from pathlib import Path

from dominion_tavern.checker.cli import main
from dominion_tavern.checker.reference.coverage import coverage, engine_citations
from dominion_tavern.checker.reference.pages import OUT, SECTIONS, build_pages, section_of, slug
from dominion_tavern.rulebook.carddata import CARDS, EVENTS
from dominion_tavern.rulebook.rules import RULES


def test_reference_pages_are_not_stale():
    """`make reference` regenerates rulebook/reference/; the committed pages must match."""
    pages = build_pages()
    stale = [name for name, text in pages.items()
             if not (OUT / name).exists() or (OUT / name).read_text("utf-8") != text]
    assert not stale, f"run `make reference`: stale pages {stale}"
    extra = {p.name for p in OUT.glob("*.md")} - set(pages)
    assert not extra, f"pages no longer generated: {extra}"


def test_every_rule_has_a_section_and_an_entry():
    rules_md = build_pages()["rules.md"]
    for rid in RULES:
        assert section_of(rid) in [t for t, _ in SECTIONS]
        assert f'<a id="{slug(rid)}"></a>' in rules_md


def test_every_card_and_event_has_an_entry():
    pages = "".join(build_pages().values())
    for name in list(CARDS) + list(EVENTS):
        assert f'<a id="{slug(name)}"></a>' in pages, name


def test_internal_links_resolve():
    pages = build_pages()
    anchors = {name: set(re.findall(r'<a id="([^"]+)"></a>', text)) |
               {slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}
               for name, text in pages.items()}
    for name, text in pages.items():
        for target, anchor in re.findall(r"\]\(([a-z-]+\.md)(?:#([a-z0-9-]+))?\)", text):
            assert target in pages, f"{name} links to missing {target}"
            if anchor:
                assert anchor in anchors[target], f"{name} links to missing {target}#{anchor}"
        for target in re.findall(r"\]\((\.\./\.\./[^)]+)\)", text):
            assert (OUT / target).resolve().exists(), f"{name} links to missing {target}"


def test_engine_cites_only_defined_rules():
    cited = engine_citations()
    assert "turn.cleanup.draw" in cited and "traveller.exchange" in cited
    assert cited <= set(RULES)


def test_coverage_reports_unshown_rules(tmp_path: Path):
    one = tmp_path / "one.yaml"
    one.write_text("meta: {id: x, rules: [turn.cleanup.draw], rulings: [cellar.not-self]}\n")
    report = coverage(tmp_path)
    assert "turn.cleanup.draw" not in report.rules_unshown
    assert "traveller.exchange" in report.rules_unshown
    assert "cellar.not-self" not in report.rulings_unshown
    assert not report.complete


def test_coverage_command(capsys):
    assert main(["coverage"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("rules shown by a scenario: ")
