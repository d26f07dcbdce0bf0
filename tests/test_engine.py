"""The engine core: decisions, determinism, branching, turn structure, game end, scoring."""

from __future__ import annotations

import random
from itertools import combinations, permutations

import pytest
from dominion_tavern.checker.reading.script_messages import not_legal
from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.decisions import Decision, IllegalAnswer, Option
from dominion_tavern.rulebook.engine.game import NoDecision, replay
from dominion_tavern.rulebook.engine.state import Card, SeededRandom, Zone, move
from dominion_tavern.rulebook.setup import Setup, SetupError, new_game
from helpers import TEN_DIFFERENT, names, position

FIRST = "first-game"


def test_illegal_answer_names_the_options_and_changes_nothing():
    g = position(["Village"], ann={"hand": ["Village", "Copper"], "deck": ["Gold"]})
    before = (len(g.log), names(g.player("Ann").hand), g.state.turn.actions)
    with pytest.raises(IllegalAnswer) as e:
        g.answer("play Smithy")
    assert "play Village" in str(e.value) and "end Action phase" in str(e.value)
    assert (len(g.log), names(g.player("Ann").hand), g.state.turn.actions) == before
    assert g.legal() == ["play Village", "end Action phase"]


def test_answer_when_nothing_is_pending():
    g = position(["Village"], ann={"hand": []}, phase="cleanup")
    g.state.game_over = True
    g.pending = None
    with pytest.raises(NoDecision):
        g.answer("anything")


def test_same_seed_and_answers_give_the_same_log_byte_for_byte():
    a = new_game(Setup(kingdom=FIRST, seed=7))
    for label in ["play all Treasures", "end Buy phase"]:
        a.answer(label)
    b = replay(Setup(kingdom=FIRST, seed=7).build, a.answers)
    assert a.log.text() == b.log.text()
    assert a.legal() == b.legal()


def test_branches_are_independent():
    g = position(["Village", "Smithy"], ann={"hand": ["Village", "Smithy"],
                                              "deck": ["Copper"] * 6})
    left, right = g.branch(), g.branch()
    left.answer("play Village")
    right.answer("play Smithy")
    assert names(left.player("Ann").play) == ["Village"]
    assert names(right.player("Ann").play) == ["Smithy"]
    assert names(g.player("Ann").play) == []


def test_action_uses_an_action_and_none_remain():
    """Rule turn.action: playing an Action card from hand uses an Action."""
    g = position(["Smithy"], ann={"hand": ["Smithy", "Smithy"], "deck": ["Copper"] * 5})
    g.answer("play Smithy")
    assert g.state.turn.actions == 0
    assert g.state.turn.phase == "buy"  # only "end Action phase" was left: taken without asking


def test_no_treasures_after_buying():
    """Rule turn.buy.treasures: no Treasure may be played after buying."""
    g = position(["Village"], phase="buy", ann={"hand": ["Silver", "Copper", "Copper"]},
                 turn={"buys": 2})
    g.answer("play Silver")
    g.answer("buy Copper")
    assert not [x for x in g.legal() if x.startswith("play")]


def test_shuffle_only_when_a_draw_needs_it():
    """Rule draw.shuffle: the discard pile is shuffled only when the deck runs out."""
    g = position(["Smithy"], ann={"hand": ["Smithy"], "deck": ["Gold", "Gold"],
                                  "discard": ["Estate", "Estate", "Estate"]})
    g.answer("play Smithy")
    ann = g.player("Ann")
    assert names(ann.hand)[:2] == ["Gold", "Gold"]
    assert len(ann.hand) == 3 and len(ann.deck) == 2 and not ann.discard.cards
    assert [e.rule for e in g.log].count("draw.shuffle") == 1


def test_draw_with_empty_deck_and_discard_draws_what_there_is():
    g = position(["Smithy"], ann={"hand": ["Smithy"], "deck": ["Gold"]})
    g.answer("play Smithy")
    assert names(g.player("Ann").hand) == ["Gold"]


def test_cleanup_discards_and_draws_five_then_next_player():
    """Rules turn.cleanup.discard, turn.cleanup.draw, turn.end."""
    g = position(["Village"], phase="cleanup", ann={"hand": ["Estate"], "play": ["Village"],
                                                    "deck": ["Copper"] * 6})
    ann = g.player("Ann")
    assert names(ann.discard) == ["Estate", "Village"]
    assert names(ann.hand) == ["Copper"] * 5
    assert g.state.turn.player.name == "Bob"


def test_game_ends_when_provinces_run_out_at_end_of_turn():
    """Rule game.end: checked at the end of the turn."""
    g = position(["Village"], phase="buy", piles={"Province": 1},
                 ann={"hand": ["Gold", "Gold", "Silver"]})
    g.answer("play all Treasures")
    g.answer("buy Province")
    assert g.over and g.winners == ["Ann"]
    assert g.log[-1].rule == "game.end"


def test_three_empty_supply_piles_end_the_game():
    g = position(["Village", "Smithy", "Moat"], phase="cleanup",
                 piles={"Village": 0, "Smithy": 0, "Moat": 0})
    assert g.over


def test_empty_nonsupply_piles_never_count():
    """Rule game.end.nonsupply: empty Traveller upgrade piles don't end the game."""
    g = position(["Page", "Peasant", "Village"], phase="cleanup",
                 piles={"Soldier": 0, "Fugitive": 0, "Treasure Hunter": 0, "Village": 0})
    assert not g.over
    assert g.state.empty_supply_piles() == 1


def test_scoring_counts_every_card_owned_wherever_it_is():
    """Rule game.scoring: hand, deck, discard, play, mat and set-aside cards all count."""
    g = position(["Gardens"], phase="cleanup", piles={"Province": 0},
                 ann={"hand": ["Estate"], "deck": ["Duchy"], "discard": ["Province"],
                      "play": ["Gardens"], "mat": ["Estate"], "aside": ["Curse"],
                      "vp_tokens": 2})
    assert g.over
    # 1 + 3 + 6 + Gardens (6 cards -> 0) + 1 - 1 + 2 tokens
    assert g.scores()["Ann"] == 12


def test_tie_goes_to_fewer_turns():
    g = position(["Village"], phase="cleanup", piles={"Province": 0},
                 ann={"hand": ["Estate"]}, bob={"hand": ["Estate"], "turns_taken": 0})
    assert g.winners == ["Bob"]


@pytest.mark.parametrize("bad, message", [
    ({"kingdom": ["Vilage"] + ["Smithy"] * 9}, "did you mean Village"),
    ({"kingdom": ["Village", "Smithy"]}, "10 distinct Kingdom cards"),
    ({"kingdom": FIRST, "seed": "12"}, "seed must be an integer"),
    ({"kingdom": FIRST, "ruleset": "2019"}, "unknown ruleset"),
    ({"kingdom": "first-gme"}, "named kingdoms: first-game"),
])
def test_setup_errors_are_clear(bad, message):
    with pytest.raises(SetupError, match=message):
        Setup(**bad)


def test_cards_are_equal_only_to_themselves() -> None:
    """A card is tracked by identity (rule ``card.identity``): two Coppers are two cards, and
    ``move`` takes the very card given out of its zone (``list.remove`` compares by equality,
    so a Card must have no equality but identity)."""
    a, b = Card(1, CARDS["Copper"]), Card(2, CARDS["Copper"])
    assert a != b
    hand, play = Zone("hand"), Zone("play")
    for c in (a, b):
        move(c, hand)
    move(b, play)
    assert hand.cards == [a] and hand.cards[0] is a and play.cards[0] is b


def test_multi_pick_answers_are_every_distinct_pick_counted_and_made_lazily():
    """A multi-pick's answers are each distinct set (or, ordered, each distinct sequence) of
    between min and max of its options, once: checked against a brute force over random
    picks. ``answer_count`` counts them without listing them, and the answers come smallest
    pick first."""
    rng = random.Random(5)
    for _ in range(400):
        labels = [rng.choice("ABCD") for _ in range(rng.randint(0, 6))]
        lo = rng.randint(0, len(labels))
        hi = rng.randint(lo, len(labels) + 1)
        ordered = rng.random() < 0.5
        d = Decision("Ann", "pick", [Option(x) for x in labels], min=lo, max=hi, verb="v",
                     multi=True, ordered=ordered)
        brute = {seq if ordered else tuple(sorted(seq, key=labels.index))
                 for k in range(lo, min(hi, len(labels)) + 1)
                 for combo in combinations(labels, k) for seq in permutations(combo)}
        assert d.answer_count() == len(brute)  # counted before anything is listed
        sizes = [0 if a == "v: nothing" else a.count(",") + 1 for a in d.answers()]
        assert sizes == sorted(sizes)
        assert sorted(d.answers()) == sorted(
            "v: " + (", ".join(seq) or "nothing") for seq in brute)


def test_an_error_on_a_many_way_pick_shows_the_first_answers_and_how_many():
    """Haunted Woods makes Bob put 10 different cards onto his deck in any order (card FAQ:
    Haunted Woods): a wrong answer's message lists the first 24 of the 3,628,800 orders."""
    hand = TEN_DIFFERENT
    g = position(["Haunted Woods", "Village", "Smithy", "Moat"], phase="buy",
                 turn={"player": "Bob"}, ann={"play": [{"card": "Haunted Woods",
                                                        "earlier": True}]},
                 bob={"hand": ["Gold", *hand], "deck": ["5 Copper"]})
    g.answer("play Gold")
    g.answer("buy Silver")
    text = not_legal(3, "put onto deck: Gold", g)
    assert text.startswith("script entry 3 'put onto deck: Gold' is not a legal answer to "
                           "Bob's decision \"Ann's Haunted Woods")
    assert "legal: put onto deck: Copper, Estate, Duchy, Silver, Province, Curse, Village, " \
           "Smithy, Moat, Gold | " in text
    assert text.endswith(" | ... (3628800 in all)") and text.count(" | ") == 24


def test_the_game_generator_shuffles_as_random_does_and_counts_every_draw():
    """SeededRandom's shuffles are random.Random's with the same seed, and its count of 32-bit
    draws (a position's ``seed_draws``) is the one made through ``getrandbits`` at each try
    (its shuffle draws without calling it)."""
    class EachTry(SeededRandom):  # the standard library's shuffle, through getrandbits
        def getrandbits(self, k: int) -> int:
            return super().getrandbits(k)

        shuffle = random.Random.shuffle

    for seed in range(20):
        ours, plain, each = SeededRandom(seed), random.Random(seed), EachTry(seed)
        for n in (1, 2, 3, 5, 17, 33, 100):
            cards = [list(range(n)) for _ in range(3)]
            for gen, deck in zip((ours, plain, each), cards, strict=True):
                gen.shuffle(deck)
            assert cards[0] == cards[1] == cards[2]
        assert ours.randrange(2**40) == plain.randrange(2**40) == each.randrange(2**40)
        assert ours.draws == each.draws > 0
        ours.advance(3)  # back to the seed, then 3 draws on
        again = random.Random(seed)
        for _ in range(3):
            again.getrandbits(32)
        assert ours.draws == 3 and ours.getstate() == again.getstate()
