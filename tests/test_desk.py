"""The judge's desk, driven through its widgets in Python: the position it shows is the one it
answers, checks and saves."""

from __future__ import annotations

import base64
import copy
import html
import json
import re
import time
from fractions import Fraction
from pathlib import Path

import pytest
from dominion_tavern.checker.cli import main
from dominion_tavern.checker.format.dump import position_of
from dominion_tavern.checker.format.load import ScenarioError, load_scenario, load_scenario_text
from dominion_tavern.checker.format.writing import scenario_yaml
from dominion_tavern.checker.runner.script_run import Result
from dominion_tavern.notebooks.widgets.desk import Desk
from dominion_tavern.notebooks.widgets.outcomes_view import SHOW_FIRST
from dominion_tavern.notebooks.widgets.position_form import PositionForm
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.position import build

CORPUS = Path(__file__).resolve().parents[1] / "checker" / "scenarios"

PUZZLE_TEXT = """\
meta: {id: desk-text, question: "What may Ann exchange?"}
setup:
  kingdom: [Peasant]
  piles: {Soldier: 0}
  players:
    - {name: Ann, play: [Peasant, Soldier], deck: [5 Copper]}
    - {name: Bob}
  turn: {player: Ann, phase: cleanup}
"""


def test_a_scenario_loads_from_text_as_from_a_file(tmp_path):
    path = tmp_path / "desk.yaml"
    path.write_text(PUZZLE_TEXT)
    from_text = load_scenario_text(PUZZLE_TEXT, "the desk")
    assert from_text.setup == load_scenario(path).setup
    assert str(from_text.path) == "the desk"


def test_text_gets_the_file_checks_with_the_name_given():
    with pytest.raises(ScenarioError) as e:
        load_scenario_text(PUZZLE_TEXT.replace("Soldier: 0", "Soldier: 11"), "the desk")
    (p,) = e.value.problems  # the Traveller upgrades have piles of 5 (Adventures rulebook)
    assert str(p) == ("the desk:4:20: setup.piles.Soldier: 11 is more than the Soldier pile "
                      "holds (5 with 2 players) (first placed in Ann's play)")


# -- the desk --------------------------------------------------------------------------------------
def puzzle(desk: Desk | None = None) -> Desk:
    """The Adventures rulebook's Peasant and Soldier example, typed into an empty desk: the
    Soldier pile is empty and Ann discards both from play in Clean-up."""
    desk = desk or Desk()
    f = desk.form
    f.kingdom.value = "Peasant"
    f.piles.value = "Soldier: 0"
    f.zone("Ann", "play").value = "Peasant, Soldier"
    f.zone("Ann", "deck").value = "5 Copper"
    f.phase.value = "cleanup"
    return desk


def discards(ex) -> list[tuple[str, ...]]:
    return [o.values["players.Ann.discard"] for o in ex.numbered()]


def test_the_puzzle_typed_in_gives_the_rulebook_answer():
    desk = puzzle()
    ex = desk.ask()
    # Soldier first: it goes back to its pile, so the Peasant can then take it; the Peasant
    # first cannot be exchanged (Adventures rulebook, Travellers).
    assert sorted(discards(ex)) == [("Fugitive", "Peasant"), ("Fugitive", "Soldier"),
                                    ("Peasant", "Soldier")]
    assert desk.current and desk.results.layout.display == ""
    assert "3 distinct outcome(s)" in desk.summary.value and " s." in desk.summary.value
    assert desk.tree.value.startswith("<div class='tv-treebox'>") and "<svg" in desk.tree.value
    assert desk.stepper.legal() == ["exchange Soldier for Fugitive", "continue"]


def test_the_outcomes_start_from_the_decision_and_what_it_does_not_offer():
    """The Peasant can't be exchanged first: the Soldier pile is empty (Adventures rulebook
    2015, Traveller cards); the desk says so where the outcomes start, with the rule."""
    desk = puzzle()
    desk.ask()
    start = desk.start.value
    assert "<b>Starting from</b> Ann: Clean-up: exchange Travellers?" in start
    assert "[traveller.order]" in start
    assert "options: exchange Soldier for Fugitive | continue" in start
    assert ("not offered: <span class='tv-closed-label'>exchange Peasant for Soldier</span> "
            "<span class='tv-muted'>(the Soldier pile is empty)</span> "
            "<span class='tv-rule'>[traveller.exchange.needs-copy]</span>") in start
    assert "Exchange needs a card to take" in start       # the id opens to the rule
    # the stepper of the results shows it too
    assert "data-closed='exchange Peasant for Soldier'" in desk.stepper.closed.value
    desk.form.piles.value = "Soldier: 1"                  # now the Peasant may go first
    desk.ask()
    assert "not offered" not in desk.start.value
    assert "exchange Peasant for Soldier |" in desk.start.value


def carriage(desk: Desk | None = None) -> Desk:
    """Two Villages and Royal Carriage on the Tavern mat, to the end of the Action phase."""
    desk = desk or Desk()
    f = desk.form
    f.kingdom.value = "Royal Carriage, Village"
    f.zone("Ann", "hand").value = "Village, Village, Estate"
    f.zone("Ann", "mat").value = "Royal Carriage"
    f.zone("Ann", "deck").value = "Copper, Copper, Silver"
    f.phase.value = "action"
    desk.stop.value = "end-of-phase"
    return desk


def test_each_shortest_path_says_what_the_rules_closed_along_it():
    """Royal Carriage is called only directly after an Action card resolves (Royal Carriage
    FAQ, 2015): on a path that lets the moment pass, the next answer does not offer it. The
    same lines as tavern explore prints (checker.reading.why_not)."""
    desk = carriage()
    ex = desk.ask()
    rows = {int(n): row for n, row in re.findall(
        r"<div class='tv-outcome' data-outcome='(\d+)'>(.*?)(?=<div class='tv-outcome'|$)",
        desk.outcomes.value, re.S)}
    assert len(rows) == len(ex.outcomes)
    late = 0
    for n, o in enumerate(ex.numbered(), 1):
        if o.path[1:2] == ["continue"] and len(o.path) > 2:   # the call was let pass
            late += 1
            assert f"not offered at answer 3 ({html.escape(o.path[2])}): " in rows[n]
            assert "call Royal Carriage</span> <span class='tv-muted'>(only directly after an " \
                "Action card resolves)</span> <span class='tv-rule'>[reserve.after-action]" \
                in rows[n]
        else:
            assert "not offered at answer" not in rows[n], (n, o.path)
    assert late == 2      # then ending the phase, or playing the other Village
    assert "data-closed='call Royal Carriage'" in desk.start.value   # before any Action


def test_the_tree_leaves_carry_the_outcome_numbers():
    """Each leaf of the outcome tree says which numbered outcome it is (the rows' numbers,
    tavern explore's): its values are that row's."""
    desk = puzzle()
    ex = desk.ask()
    texts = [html.unescape(t).strip() for t in re.findall(r"<text[^>]*>(.*?)</text>",
                                                           desk.tree.value)]
    for n, o in enumerate(ex.numbered(), 1):
        at = texts.index(f"outcome {n}")
        leaf = texts[at + 1:at + 1 + len(ex.fields)]
        discard = ", ".join(o.values["players.Ann.discard"])
        assert f"Ann.discard: {discard}" in leaf
        assert f"piles.Soldier: {o.values['piles.Soldier']}" in leaf
        assert f"data-outcome='{n}'><b>{n}.</b>" in desk.outcomes.value


# -- finding the rule ------------------------------------------------------------------------
def test_find_the_rule_on_the_desk():
    """Buying an Event ends the playing of Treasures (Adventures rulebook 2015, Events)."""
    f = Desk().finder
    f.query.value = "can I play treasures after buying an event"
    ids = [b.description for b in f.hit_buttons()]
    assert ids[:2] == ["event.no-treasures-after", "events.no-treasures-after"]
    assert 1 < len(ids) <= 6 and f.detail.value == ""
    assert "No Treasures after an Event" in f.results.children[0].children[1].value
    f.hit_buttons()[0].click()           # a rule: its text under both rulesets, its source
    assert f.hit_buttons()[0].button_style == "info"
    entry = f.detail.value
    assert "data-entry='event.no-treasures-after'" in entry
    assert "text (both rulesets)" in entry and "Adventures rulebook (2015), Events" in entry
    f.hit_buttons()[1].click()           # a ruling: its card, text and scenarios
    entry = f.detail.value
    assert "A ruling on Events" in entry and "After buying an Event you cannot play" in entry
    assert "Scenarios that show it (1)" in entry and "events-no-treasures-after" in entry


def test_every_kind_of_hit_opens_and_a_rule_that_differs_shows_both_texts():
    """Mission's extra turn changed with the errata (Mission FAQ 2015; Dominion Strategy
    wiki, current text): the rule shows each ruleset's text."""
    f = Desk().finder
    f.find("extra turns")
    assert "turn.extra" in [h.id for h in f.hits]
    entry = f.open("turn.extra")
    assert "text (ruleset 2015)" in entry and "text (ruleset current)" in entry
    f.find("Mission")
    entry = f.open("Mission")        # a card or Event: its named texts, rulings, scenarios
    assert "card text 2015 (used by ruleset 2015)" in entry and "mission.no-chain" in entry
    assert "card text 2023 (used by ruleset current)" in entry
    f.find("Outpost")
    assert "card text 2022 (used by no ruleset)" in f.open("Outpost")
    assert "mission-extra-turn" in entry
    f.find("tavern mat")
    entry = f.open("Tavern mat")     # a glossary term, its rules opening to their text
    assert "(glossary)" in entry and "[reserve.tavern-mat]" in entry
    assert "Every player has their own Tavern mat" in entry


def test_find_the_rule_says_when_nothing_is_found():
    f = Desk().finder
    assert f.find("xyzzy qwwq") == [] and f.hit_buttons() == []
    assert "Nothing found for \u201cxyzzy qwwq\u201d" in f.said.value
    with pytest.raises(LookupError, match="not among the hits"):
        f.open("turn.extra")
    f.find("")
    assert f.said.value == "" and f.text() == ""


def test_a_desk_opens_empty_and_new_position_empties_it():
    desk = Desk()
    assert desk.asked is None and desk.results.layout.display == "none"
    setup = desk.form.setup()
    assert [p["name"] for p in setup["players"]] == ["Ann", "Bob"]
    assert all(set(p) == {"name"} for p in setup["players"]) and "kingdom" not in setup
    puzzle(desk).ask()
    desk.question.value = "a question"
    desk.new_button.click()
    assert desk.asked is None and desk.results.layout.display == "none"
    assert desk.form.setup() == setup and desk.question.value == ""


def test_a_page_opens_on_the_scenario_its_address_names():
    desk = Desk.from_query("token=x&scenario=seeds/peasant-soldier-outcomes")
    assert desk.form.setup()["piles"] == {"Soldier": 0} and desk.asked is None
    assert "Loaded" in desk.message.value
    desk = Desk.from_query("scenario=seeds/no-such-thing")
    assert "no corpus scenario" in desk.message.value and desk.form.setup()["players"]


EDITS = {
    "a zone": lambda f: setattr(f.zone("Ann", "hand"), "value", "Copper"),
    "a pile": lambda f: setattr(f.piles, "value", "Soldier: 1"),
    "the phase": lambda f: setattr(f.phase, "value", "buy"),
    "the coins": lambda f: setattr(f.coins, "value", 3),
    "the ruleset": lambda f: setattr(f.ruleset, "value", "2015"),
    "a token": lambda f: setattr(f.player("Ann").tokens, "value", "+1 Card: Peasant"),
    "a name": lambda f: setattr(f.player("Bob").name, "value", "Cid"),
    "the players": lambda f: setattr(f.count, "value", 3),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_any_edit_marks_the_results_out_of_date_at_once(edit):
    desk = puzzle()
    desk.ask()
    assert desk.current and "tv-stale" not in desk.results._dom_classes
    EDITS[edit](desk.form)
    assert not desk.current
    assert "tv-stale" in desk.results._dom_classes and "Out of date" in desk.banner.value


def test_changing_the_stop_point_marks_them_too_and_asking_answers_what_is_shown():
    desk = puzzle()
    desk.ask()
    desk.stop.value = "decisions"
    desk.decisions.value = 1
    assert not desk.current
    ex = desk.ask()
    assert desk.current and desk.banner.value == ""
    assert ex.stop.decisions == 1 and all(len(o.path) <= 1 for o in ex.outcomes)
    desk.form.piles.value = "Soldier: 1"     # now the Peasant can go first too
    ex = desk.ask()
    assert "exchange Peasant for Soldier" in {o.path[0] for o in ex.outcomes if o.path}


def test_a_renamed_player_is_renamed_everywhere():
    desk = puzzle()
    desk.form.player("Ann").name.value = "Ada"
    assert desk.form.tabs.titles[1] == "Ada"
    assert desk.form.turn_player.options[0] == "Ada" and desk.form.turn_player.value == "Ada"
    ex = desk.ask()
    assert "players.Ada.discard" in ex.fields
    assert "Ada&#x27;s discard" in desk.outcomes.value


# -- the checks of the command line ----------------------------------------------------------------
@pytest.mark.parametrize(("field", "text", "message"), [
    ("piles", "Soldier: 11", "pile sizes: Soldier: 11 is more than the Soldier pile holds "
                             "(5 with 2 players)"),
    ("piles", "Soldier: -1", "pile sizes: Soldier: -1 is below the minimum, 0"),
    ("piles", "Soldier: zero", "pile sizes: Soldier: expected an integer, not a string "
                               "('zero')"),
    ("piles", "Soldier 3", "pile sizes: write 'name: value' pairs"),
    ("piles", "soldier: 3", "unknown pile 'soldier'; did you mean Soldier?"),
    ("play", "peasant, Soldier", "Ann's in play: unknown card 'peasant'; did you mean Peasant?"),
    ("play", "Peasant, Soldier, 3 Coper", "Ann's in play: unknown card 'Coper'; did you mean "
                                          "Copper?"),
    ("play", "Peasant, Soldier, Village", "Ann's in play: Village is not in this game: put it "
                                          "in the Kingdom (Kingdom: Peasant)"),
    ("play", "Peasant, Soldier, [Copper", "Ann's in play: cannot read"),
    ("kingdom", "", "Ann's in play: Peasant is not in this game"),
    ("tokens", "+1 Card: Village", "the +1 Card token must sit on a Supply pile of this game"),
    ("texts", "Outpots: 2022", "card texts: unknown card or Event 'Outpots'; did you mean "
                               "Outpost?"),
    ("texts", "Outpost: 2022", "card texts: Outpost is not in this game: put it in the Kingdom "
                               "(Kingdom: Peasant)"),
    ("texts", "Peasant: 2015", "card texts: Peasant has one text per ruleset, and the ruleset "
                               "chooses it; the card texts field names a text only for a card "
                               "with several (Mission, Outpost, Possession)"),
    ("texts", "Outpost 2022", "card texts: write 'name: value' pairs"),
])
def test_the_desk_refuses_what_the_loader_refuses(field, text, message):
    desk = puzzle()
    target = {"piles": desk.form.piles, "kingdom": desk.form.kingdom,
              "play": desk.form.zone("Ann", "play"),
              "tokens": desk.form.player("Ann").tokens, "texts": desk.form.texts}[field]
    target.value = text
    assert desk.ask() is None
    assert message in html.unescape(desk.message.value)
    assert "cannot be asked yet" in desk.message.value
    assert desk.results.layout.display == "none" and desk.asked is None


def test_a_text_picked_for_a_card_with_several_is_the_one_the_game_plays_by():
    """The form's card texts field names Outpost's 2022 text (its placeholder lists the cards
    with several texts and their ids): the desk's scenario plays by it, and a text the card
    does not have is refused with its ids listed."""
    desk = Desk(title=None)
    assert "Outpost (2009, 2022, 2023)" in desk.form.texts.placeholder
    desk.form.fill({"kingdom": ["Outpost"],
                    "players": [{"name": "Ann", "hand": ["Outpost"]}, {"name": "Bob"}],
                    "turn": {"player": "Ann", "phase": "action", "number": 2,
                             "extra": True}})
    desk.form.texts.value = "Outpost: 2022"
    scn, _ = desk.scenario()
    g = scn.game()
    assert g.state.text_of("Outpost").id == "2022"
    g.answer("play Outpost")
    assert [e.note for e in g.log if e.verb == "gets nothing from"] == \
        ["the previous turn was theirs, by Outpost's 2022 text"]
    desk.form.texts.value = "Outpost: 2021"
    assert desk.ask() is None
    assert "card texts: Outpost has no text '2021'; its texts: 2009, 2022, 2023" in \
        html.unescape(desk.message.value)


def test_its_messages_are_the_loaders(tmp_path):
    """The same position as a file: tavern check says the same thing, placed in the file."""
    desk = puzzle()
    desk.form.zone("Ann", "hand").value = "copper"
    desk.ask()
    data = desk.scenario_data()
    path = tmp_path / "s.yaml"
    path.write_text(scenario_yaml(data))
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    (p,) = e.value.problems
    assert p.message == "setup.players[0].hand[0]: unknown card 'copper'; did you mean Copper?"
    assert "Ann&#x27;s hand: unknown card &#x27;copper&#x27;; did you mean Copper?" in \
        desk.message.value


def test_short_forms_count_as_in_a_file():
    desk = puzzle()
    desk.form.zone("Ann", "hand").value = "3 Copper, 2x Estate"
    scn, _ = desk.scenario()
    state, _ = scn.factory()()     # the position as built, before Clean-up runs
    assert state.players[0].hand.names() == ["Copper"] * 3 + ["Estate"] * 2
    assert desk.ask() is not None and desk.message.value == ""


def test_peasant_and_soldier_without_their_pile_are_refused_before_the_engine_runs():
    """The issue's crash: Peasant and Soldier in play, Peasant not in the Kingdom."""
    desk = puzzle()
    desk.form.kingdom.value = ""
    desk.form.piles.value = ""
    desk.ask_button.click()
    desk.wait()
    text = html.unescape(desk.message.value)
    assert "Ann's in play: Peasant is not in this game: put it in the Kingdom" in text
    assert "AttributeError" not in text


def test_an_engine_fault_says_so_and_offers_the_file(monkeypatch):
    import dominion_tavern.notebooks.widgets.desk as desk_module

    def broken(*args, **kwargs):
        raise AttributeError("'NoneType' object has no attribute 'cards'")

    monkeypatch.setattr(desk_module, "explore", broken)
    desk = puzzle()
    assert desk.ask() is None
    text = desk.message.value
    assert "The engine failed on this position" in text and "AttributeError" in text
    link = re.search(r"download='tavern-fault.yaml' href='data:text/yaml;base64,([^']+)'",
                     text)
    report = base64.b64decode(link.group(1)).decode()
    assert report.startswith("# Tavern engine fault: AttributeError")
    body = "\n".join(line for line in report.splitlines() if not line.startswith("#"))
    assert load_scenario_text(body).setup["piles"] == {"Soldier": 0}   # it loads: reportable
    assert desk.results.layout.display == "none"


def test_an_estate_token_is_shown_and_read_back(tmp_path):
    """Inheritance's Estate token (rule token.estate) has its field: a scenario that starts
    with it loads into the desk whole and reads back the same."""
    path = tmp_path / "estate.yaml"
    path.write_text(PUZZLE_TEXT.replace("{name: Bob}", "{name: Bob, estate_token: Village}")
                    .replace("kingdom: [Peasant]", "kingdom: [Peasant, Village]\n  events: "
                             "[Inheritance]"))
    desk = puzzle()
    desk.load(path)
    assert desk.form.players[1].estate_token.value == "Village"
    spec = desk.form.setup()
    again = Game(lambda: build(copy.deepcopy(spec)))
    assert again.player("Bob").estate_token.name == "Village"
    assert position_of(again) == position_of(load_scenario(path).game())


def test_the_form_has_a_field_for_every_key_a_setup_may_have():
    """Any position the loader accepts is shown whole: each key of the scenario format's
    setup, turn and player is read back by the form."""
    schema = json.loads((CORPUS.parent / "scenario.schema.json").read_text())
    form = PositionForm()
    spec = {"ruleset": "2015", "kingdom": ["Village", "Gear", "Ratcatcher", "Black Market"],
            "events": ["Alms"], "texts": {"Outpost": "2022"},
            "piles": {"Village": 3}, "trash": ["Estate"], "seed": 4, "seed_draws": 120,
            "black_market": ["Smithy"],
            "players": [{"name": "Ann", "hand": ["Copper"], "play": ["Gear"],
                         "deck": ["Gold"], "discard": ["Duchy"], "mat": ["Ratcatcher"],
                         "aside": ["Silver"], "tokens": {"+1 Action": "Village"},
                         "journey": "down", "vp_tokens": 2, "debt": 3, "coffers": 2,
                         "minus_card": True, "minus_coin": True, "turns_taken": 3,
                         "estate_token": "Village",
                         "actual": {"hand": ["Copper"], "deck": ["Gold"]}}, {"name": "Bob"}],
            "turn": {"player": "Bob", "phase": "buy", "number": 4, "actions": 2, "buys": 3,
                     "coins": 5, "potions": 1, "extra": "Possession", "previous": "Ann",
                     "returning": ["Estate"]}}
    form.fill(spec, "2015")
    setup = dict(form.setup(), ruleset=form.ruleset.value)
    assert setup == spec  # every value comes back, not only every key
    defs = schema["$defs"]
    assert set(setup) == set(defs["setup"]["properties"])
    assert set(setup["turn"]) == set(defs["turn"]["properties"])
    assert set(setup["players"][0]) == set(defs["player"]["properties"])


@pytest.mark.parametrize("folder", sorted(p.name for p in CORPUS.iterdir() if p.is_dir()))
def test_every_corpus_position_comes_back_out_of_the_form(folder):
    """Load each corpus scenario into the form and read it back: the same position (zones in
    order, piles, tokens, the turn and the first decision's options)."""
    form = PositionForm()
    for path in sorted((CORPUS / folder).glob("*.yaml")):
        scn = load_scenario(path)
        form.fill(scn.setup, scn.ruleset)
        spec = dict(form.setup(), ruleset=form.ruleset.value)
        again = Game(lambda spec=spec: build(copy.deepcopy(spec)))
        assert position_of(again) == position_of(scn.game()), path.name


def test_cards_in_play_since_an_earlier_turn_take_short_forms():
    desk = Desk()
    desk.form.kingdom.value = "Gear"
    desk.form.zone("Ann", "earlier").value = "2 Gear"
    (scn, _) = desk.scenario()
    assert scn.setup["players"][0]["play"] == [{"card": "Gear", "earlier": True}] * 2
    desk.form.zone("Ann", "earlier").value = "2 Geer"
    assert desk.ask() is None
    text = html.unescape(desk.message.value)
    assert text.count("Ann's in play since an earlier turn: unknown card 'Geer'") == 1


def test_three_players_load_and_come_back_out(tmp_path):
    three = CORPUS / "base" / "bandit-three-players.yaml"
    desk = Desk()
    desk.load(three)
    assert len(desk.form.players) == 3 and desk.form.count.value == 3
    assert [p["name"] for p in desk.form.setup()["players"]] == \
        [p["name"] for p in load_scenario(three).setup["players"]]


# -- big questions -----------------------------------------------------------------------------
def test_a_big_question_is_grouped_and_shortened():
    """The puzzle from the Buy phase with $5: every buy branches."""
    desk = puzzle()
    desk.form.phase.value = "buy"
    desk.form.coins.value = 5
    ex = desk.ask()
    n = len(ex.outcomes)
    assert n > SHOW_FIRST
    out = desk.outcomes.value
    assert out.count("class='tv-outcome'") == SHOW_FIRST and f"{n - SHOW_FIRST} more" in out
    # Grouped by what the exchanges did: the Soldier and Fugitive piles.
    assert desk.group_by.options[0][0] == "automatic (Soldier pile, Fugitive pile)"
    assert out.count("class='tv-group'") >= 2
    desk.show_all.value = True
    assert desk.outcomes.value.count("class='tv-outcome'") == n
    desk.group_by.value = "none"
    assert "class='tv-group'" not in desk.outcomes.value
    numbers = [int(x) for x in re.findall(r"data-outcome='(\d+)'", desk.outcomes.value)]
    assert numbers == list(range(1, n + 1))


def test_a_long_exploration_shows_progress_and_can_be_stopped():
    desk = Desk()
    f = desk.form
    f.kingdom.value = "Cellar, Chapel, Village, Throne Room"
    f.zone("Ann", "hand").value = ("Throne Room, Village, Cellar, Chapel, Estate, Copper, "
                                   "Silver")
    f.zone("Ann", "deck").value = "Copper, Estate, Silver, Copper, Gold, Copper, Estate"
    desk.ask_button.click()     # to the end of the turn: over 100,000 answers, if not stopped
    deadline = time.monotonic() + 30
    while "exploring" not in desk.progress.value and time.monotonic() < deadline:
        time.sleep(0.02)
    assert "answers tried" in desk.progress.value
    assert desk.ask_button.disabled and desk.stop_button.layout.display == ""
    desk.stop_button.click()
    desk.wait()
    ex = desk.asked.exploration
    assert ex.stopped and "Stopped by you" in desk.summary.value
    assert not desk.ask_button.disabled and desk.stop_button.layout.display == "none"
    assert desk.save() is None and "not all of them" in desk.save_message.value


# -- saving ------------------------------------------------------------------------------------
def test_save_writes_the_position_question_and_outcomes_shown(tmp_path, capsys):
    desk = puzzle()
    desk.question.value = "Can Ann exchange both?"
    ex = desk.ask()
    desk.save_name.value = "Both Exchanged"
    path = desk.save(tmp_path)
    assert path == tmp_path / "both-exchanged.yaml" and desk.saved == path
    assert str(path) in desk.save_message.value and "tv-ok" in desk.save_message.value
    # a download of the same file (the only way to keep it from the browser site)
    link = re.search(r"download='both-exchanged.yaml' href='data:text/yaml;base64,([^']+)'",
                     desk.save_message.value)
    assert link and base64.b64decode(link[1]) == path.read_bytes()
    scn = load_scenario(path)
    assert scn.id == "desk.both-exchanged" and scn.question == "Can Ann exchange both?"
    assert scn.setup == desk.form.setup() and scn.script == []
    assert scn.outcomes["stop"] == {"at": "end-of-turn"}
    assert [tuple(e["players.Ann.discard"]) for e in scn.outcomes["expect"]] == discards(ex)
    # the outcomes are the desk's record of a run, not a judge's statement: marked so
    assert scn.outcomes["recorded"] == "desk"
    # tavern check checks them, counted as recorded, and its numbering is the desk's.
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"PASS desk.both-exchanged: Can Ann exchange both? (claims: {len(discards(ex))} " \
        "recorded (desk))" in out
    assert out.splitlines()[-1] == f"claims: {len(discards(ex))} recorded (desk)"
    assert main(["explore", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [tuple(o["values"]["players.Ann.discard"]) for o in data["outcomes"]] == \
        discards(ex)
    # A file whose outcomes differ from the game's fails: the expectations are checked.
    path.write_text(path.read_text().replace("piles.Soldier: 1", "piles.Soldier: 2"))
    assert main(["check", str(path)]) == 1


def test_save_saves_only_an_answered_position(tmp_path):
    desk = puzzle()
    assert desk.save(tmp_path) is None and "nothing is asked" in desk.save_message.value
    desk.ask()
    desk.form.piles.value = "Soldier: 1"     # an edit not yet asked about
    assert desk.save(tmp_path) is None
    assert "the position has changed since" in desk.save_message.value
    assert list(tmp_path.iterdir()) == []
    desk.ask()
    path = desk.save(tmp_path)
    assert load_scenario(path).setup["piles"] == {"Soldier": 1}


def test_save_never_replaces_a_file_unless_asked(tmp_path):
    desk = puzzle()
    desk.ask()
    first = desk.save(tmp_path)
    text = first.read_text()
    desk.form.coins.value = 2
    desk.ask()
    assert desk.save(tmp_path) is None and "already exists" in desk.save_message.value
    assert first.read_text() == text
    desk.replace.value = True
    assert desk.save(tmp_path) == first and first.read_text() != text
    assert [p.name for p in tmp_path.iterdir()] == [first.name]


def test_save_leaves_no_broken_file(tmp_path, monkeypatch):
    import dominion_tavern.notebooks.widgets.desk as desk_module

    desk = puzzle()
    desk.ask()
    failing = Result("x", "x", "q", "current", passed=False, failure="outcomes: missing")
    monkeypatch.setattr(desk_module, "run_scenario", lambda scn: failing)
    assert desk.save(tmp_path) is None
    assert "does not check: outcomes: missing" in desk.save_message.value
    assert list(tmp_path.iterdir()) == []


def test_save_needs_a_file_name(tmp_path):
    desk = puzzle()
    desk.ask()
    desk.save_name.value = "  //  "
    assert desk.save(tmp_path) is None and "give a file name" in desk.save_message.value


# -- chance: cards no one knows --------------------------------------------------------------
def cleanup_draw(desk: Desk | None = None) -> Desk:
    """Ann's Clean-up over a deck of 7 Copper and 3 Estate in unknown order (a starting deck,
    shuffled): the 5 cards she draws hold 5, 4, 3 or 2 Coppers with probability 1/12, 5/12,
    5/12, 1/12 (multivariate hypergeometric, rule chance.unknown-order; 5 or 2 Coppers is the
    5/2 split, 1/6, Dominion Strategy wiki, "Opening")."""
    desk = desk or Desk()
    desk.form.player("Ann").deck_unknown.value = "7 Copper, 3 Estate"
    desk.form.phase.value = "cleanup"
    return desk


def laboratory_desk() -> Desk:
    """Laboratory over 3 Copper and 2 Estate in unknown order, asked from the Action phase:
    Ann may play it or not, so each draw is 0 to its chance (3/10, 3/5, 1/10)."""
    desk = Desk()
    f = desk.form
    f.kingdom.value = "Laboratory"
    f.zone("Ann", "hand").value = "Laboratory"
    f.player("Ann").deck_unknown.value = "3 Copper, 2 Estate"
    f.phase.value = "action"
    desk.stop.value = "end-of-phase"
    return desk


def coppers(o) -> int:
    return o.values["players.Ann.hand"].count("Copper")


def test_a_deck_marked_unknown_is_asked_with_exact_probabilities():
    desk = cleanup_draw()
    assert desk.form.setup()["players"][0]["deck"] == {"unknown": ["7 Copper", "3 Estate"]}
    assert "seed" not in desk.form.setup() and "chance is asked" in desk.form.seed_help.value
    ex = desk.ask()
    assert ex.chance
    assert {coppers(o): o.probability for o in ex.outcomes} == {
        5: Fraction(1, 12), 4: Fraction(5, 12), 3: Fraction(5, 12), 2: Fraction(1, 12)}
    assert "Chance steps were met" in desk.summary.value
    rows = desk.outcomes.value
    assert rows.count("class='tv-chance'") == 4
    assert "data-probability='5/12'>probability <b>5/12 (41.7%)</b>" in rows
    assert "decision lines" not in rows       # no one decides anything here
    assert "order unknown:" in rows           # the deck left, as the judge sees it
    # the tree's leaves say so too, and its chance node is an ellipse
    assert "probability 1/12 (8.3%)" in html.unescape(desk.tree.value)
    assert "<ellipse" in desk.tree.value


def test_a_range_and_the_decision_lines_when_a_choice_steers():
    desk = laboratory_desk()
    ex = desk.ask()
    rows = {int(n): row for n, row in re.findall(
        r"<div class='tv-outcome' data-outcome='(\d+)'>(.*?)(?=<div class='tv-outcome'|$)",
        desk.outcomes.value, re.S)}
    for n, o in enumerate(ex.numbered(), 1):
        if o.values["players.Ann.hand"] == ("Copper", "Estate"):
            assert "data-probability='0 to 3/5'" in rows[n]
            assert "by the players&#x27; choices" in rows[n]
            assert "decision lines reaching it (chance within each): play Laboratory: 3/5" \
                in rows[n]
    # the stepper of the results stops at the chance step, with its probabilities
    desk.stepper.button("play Laboratory").click()
    assert "draw: Copper, Estate \u00b7 3/5 (60.0%)" in \
        [b.description for b in desk.stepper.answer_buttons()]


def test_save_writes_the_probabilities_shown_and_check_checks_them(tmp_path, capsys):
    for desk, name in ((cleanup_draw(), "cleanup"), (laboratory_desk(), "lab")):
        ex = desk.ask()
        desk.save_name.value = name
        path = desk.save(tmp_path)
        expect = load_scenario(path).outcomes["expect"]
        assert [e["probability"] for e in expect] == [
            str(o.probability) if o.probability is not None else f"{o.low} to {o.high}"
            for o in ex.numbered()]
        assert main(["check", str(path)]) == 0
        assert f"PASS desk.{name}" in capsys.readouterr().out
    lab = tmp_path / "lab.yaml"
    assert "probability: 0 to 3/5" in lab.read_text()
    lab.write_text(lab.read_text().replace("probability: 0 to 3/5", "probability: 3/5"))
    assert main(["check", str(lab)]) == 1          # the probability is checked, exactly
    assert "probability expected 3/5, got 0 to 3/5" in capsys.readouterr().out


def test_a_seed_lets_the_shuffle_decide():
    desk = cleanup_draw()
    desk.form.seed.value = "0"                      # a seed of 0 is a seed too
    assert desk.form.setup()["seed"] == 0
    ex = desk.ask()
    assert not ex.chance and len(ex.outcomes) == 1
    assert "class='tv-chance'" not in desk.outcomes.value
    desk.form.seed.value = "one"
    assert desk.ask() is None
    assert "seed: write a whole number such as 1, or leave it empty so that chance is asked" \
        in html.unescape(desk.message.value)


def test_a_hand_not_yet_known_is_typed_as_so_many_from_a_pool():
    """Witch against a hand of 5 drawn from Moat, 4 Copper, 5 Estate: Bob has the Moat with
    probability 1/2 (5 of the 10 cards)."""
    desk = Desk()
    f = desk.form
    f.kingdom.value = "Witch, Moat"
    f.zone("Ann", "hand").value = "Witch"
    f.zone("Ann", "deck").value = "2 Copper"
    bob = f.player("Bob")
    bob.hand_unknown.value = 5
    bob.hand_pool.value = "Moat, 4 Copper, 5 Estate"
    assert f.setup()["players"][1]["hand"] == {"unknown": 5,
                                              "pool": ["Moat", "4 Copper", "5 Estate"]}
    ex = desk.ask()
    assert ex.chance and desk.stepper.zone("Bob", "hand")[0].size == 5
    bob.zones["hand"].value = "Copper"
    assert desk.ask() is None
    assert "Bob's hand: give the cards in hand, or how many unknown cards it holds and the " \
        "pool they are drawn from, not both" in html.unescape(desk.message.value)


@pytest.mark.parametrize(("field", "text", "message"), [
    ("deck_unknown", "3 Coper", "Ann's deck, order unknown: unknown card 'Coper'; "
                                "did you mean Copper?"),
    ("hand_pool", "Moat, 4 Coper", "Bob's hand drawn from: unknown card 'Coper'"),
    ("hand_unknown", 11, "Bob's hand not yet known: 11 unknown cards from a pool of 10; the "
                         "hand takes 1 to as many cards as the pool holds"),
    ("deck", "{unknown: [Copper]}, Gold", "Ann's deck (top card first): 'Gold' lies under cards "
                                          "in unknown order; list the known cards first"),
])
def test_unknown_cards_typed_wrong_get_the_loaders_message_in_desk_words(field, text,
                                                                         message):
    desk = Desk()
    f = desk.form
    f.kingdom.value = "Moat"
    f.player("Bob").hand_unknown.value = 5
    f.player("Bob").hand_pool.value = "Moat, 4 Copper, 5 Estate"
    target = {"deck_unknown": f.player("Ann").deck_unknown, "hand_pool": f.player("Bob").hand_pool,
              "hand_unknown": f.player("Bob").hand_unknown, "deck": f.zone("Ann", "deck")}[field]
    target.value = text
    assert desk.ask() is None
    assert message in html.unescape(desk.message.value)


CHANCE_SHAPES = {
    "deck unknown": {"players": [{"name": "Ann", "deck": {"unknown": ["3 Copper", "2 Estate"]}},
                                 {"name": "Bob"}]},
    "known top cards, then unknown": {"players": [
        {"name": "Ann", "deck": ["Gold", {"unknown": ["3 Copper", "2 Estate"]}]},
        {"name": "Bob"}]},
    "two groups": {"players": [
        {"name": "Ann", "deck": ["Gold", {"unknown": ["2 Copper"]}, {"unknown": ["Estate",
                                                                                 "Silver"]}]},
        {"name": "Bob"}]},
    "hand from a pool": {"players": [
        {"name": "Ann"},
        {"name": "Bob", "hand": {"unknown": 5, "pool": ["Moat", "4 Copper", "5 Estate"]},
         "deck": ["Silver"]}], "kingdom": ["Moat"]},
    "both, seeded": {"seed": 0, "players": [
        {"name": "Ann", "hand": {"unknown": 5, "pool": ["7 Copper", "3 Estate"]},
         "deck": {"unknown": ["Gold", "Silver"]}},
        {"name": "Bob"}]},
}


@pytest.mark.parametrize("shape", sorted(CHANCE_SHAPES))
def test_every_chance_shape_comes_back_out_of_the_form(shape):
    """As the corpus test does, with a position of each shape chance-format.md allows."""
    setup = {**CHANCE_SHAPES[shape], "turn": {"player": "Ann", "phase": "action"}}
    scn = load_scenario_text(scenario_yaml({"meta": {"id": "shape", "question": shape},
                                            "setup": setup}), shape)
    form = PositionForm()
    form.fill(scn.setup, scn.ruleset)
    spec = dict(form.setup(), ruleset=form.ruleset.value)
    again = Game(lambda: build(copy.deepcopy(spec)))
    assert position_of(again) == position_of(scn.game())
    for ps in setup["players"]:
        out = next(p for p in spec["players"] if p["name"] == ps["name"])
        assert out.get("hand") == ps.get("hand") and out.get("deck") == ps.get("deck")
    assert ("seed" in spec) == ("seed" in setup)


def _haunted_woods_orders(fields: list[str]):
    """Bob buys a Copper under Ann's Haunted Woods holding Estate, Duchy, Province: he puts
    them onto his deck in any order (Adventures rulebook (2015), card FAQ: Haunted Woods)."""
    from dominion_tavern.checker.explore import explore
    spec = {"kingdom": ["Haunted Woods"], "players": [
        {"name": "Ann", "play": [{"card": "Haunted Woods", "earlier": True}],
         "deck": ["13 Estate"]},
        {"name": "Bob", "hand": ["Estate", "Duchy", "Province"], "deck": ["5 Copper"]}],
        "turn": {"player": "Bob", "phase": "buy"}}
    return explore(lambda: build(copy.deepcopy(spec)), ["buy Copper"],
                   {"at": "end-of-phase"}, fields)


def test_outcomes_differing_only_in_an_order_not_asked_are_one_group() -> None:
    from dominion_tavern.notebooks.widgets.outcomes_view import (
        BY_ORDER,
        auto_group,
        order_groups,
        outcomes_html,
    )
    ex = _haunted_woods_orders(["players.Bob.deck", "players.Bob.discard"])
    assert len(ex.outcomes) == 6                      # 3! orders
    assert auto_group(ex) == BY_ORDER and [len(g) for g in order_groups(ex)] == [6]
    shown = outcomes_html(ex, "current")
    assert "data-orders='6'" in shown and "3 more order(s) of these cards" in shown
    assert shown.count("tv-outcome'") == 3 + 1       # three orders listed, and the line after
    # Asked for (":ordered"), an order is what the question is about: no such group.
    asked = _haunted_woods_orders(["players.Bob.deck:ordered", "players.Bob.discard"])
    assert [len(g) for g in order_groups(asked)] == [1] * 6
    assert auto_group(asked) != BY_ORDER
