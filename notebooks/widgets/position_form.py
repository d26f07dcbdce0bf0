"""The judge's desk's form: a position typed in widgets, read out as a scenario ``setup``.

Card lists are typed as a scenario file writes them, ``Peasant, Soldier, 5 Copper`` (a deck
top card first); pile sizes and tokens as ``name: value`` pairs. Nothing is checked here
beyond reading the text: the desk hands the setup to the scenario loader, whose checks (and
messages) are the command line's. The form has a field for every key a scenario setup may
have, so any position the loader accepts is shown whole.

Cards no one knows (rule ``chance.unknown-order``) have fields of their own: the deck's cards
in unknown order, under its known top cards (``deck: [Gold, {unknown: [3 Copper, 2 Estate]}]``),
and a hand not yet known, N cards drawn from a pool (``hand: {unknown: 5, pool: [...]}``). A
deck with more than one group in unknown order is typed as the file writes it, in the deck
field (``Gold, {unknown: [2 Copper]}, {unknown: [Estate]}``). Without a seed, chance is asked.

>>> form = PositionForm()
>>> form.zone("Ann", "play").value = "Peasant, Soldier"
>>> form.piles.value = "Soldier: 0"
>>> setup = form.setup()
>>> setup["players"][0]["play"], setup["piles"]
(['Peasant', 'Soldier'], {'Soldier': 0})
>>> ann = form.player("Ann")
>>> ann.zones["deck"].value, ann.deck_unknown.value = "Gold", "3 Copper, 2 Estate"
>>> ann.hand_unknown.value, ann.hand_pool.value = 5, "Moat, 4 Copper, 5 Estate"
>>> spec = form.setup()["players"][0]
>>> spec["deck"]
['Gold', {'unknown': ['3 Copper', '2 Estate']}]
>>> spec["hand"]
{'unknown': 5, 'pool': ['Moat', '4 Copper', '5 Estate']}
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import yaml
from dominion_tavern.checker.format.semantic_checks import item_name
from dominion_tavern.checker.format.writing import compact
from dominion_tavern.rulebook.carddata import CARDS, EVENTS, RULESETS
from dominion_tavern.rulebook.engine.turn import PHASES

__all__ = ["DeskError", "PositionForm"]

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
ZONES = ("hand", "play", "earlier", "deck", "discard", "mat", "aside")
ZONE_LABELS = {"hand": "hand", "play": "in play", "earlier": "in play since an earlier turn",
               "deck": "deck (top card first)", "discard": "discard pile",
               "mat": "Tavern mat", "aside": "set aside",
               "deck_unknown": "deck, order unknown",
               "hand_unknown": "hand not yet known", "pool": "hand drawn from"}
SEED_HELP = ("No seed: chance is asked. Cards in an order no one knows come up in chance "
             "steps, and <b>What happens?</b> explores every way they can, each outcome with "
             "its exact probability. With a seed (a whole number), the seeded shuffle decides, "
             "as in one real game.")
WIDE = w.Layout(width="46em")
#: The cards and Events a position may name a printed text for, with their texts' ids.
SEVERAL_TEXTS = ", ".join(f"{n} ({', '.join(d.text_ids())})"
                          for n, d in sorted({**CARDS, **EVENTS}.items()) if d.named)
_PAIR = re.compile(r"^\s*(.+?)\s*:\s*(.*?)\s*$")
_INT = re.compile(r"^-?\d+$")


class DeskError(ValueError):
    """Something the desk cannot read or show; ``problems`` are one message each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def read_cards(text: str, what: str) -> list[Any]:
    """``"Peasant, 5 Copper, {card: Gear, earlier: true}"`` -> a scenario card list."""
    if not text.strip():
        return []
    try:
        items = yaml.safe_load(f"[{text}]")
    except yaml.YAMLError:
        items = None
    if not isinstance(items, list):
        raise DeskError([f"{what}: cannot read {text.strip()!r}; write card names separated "
                         "by commas, such as 'Peasant, 5 Copper'"])
    return items


def read_pairs(text: str, what: str, numbers: bool) -> dict[str, Any]:
    """``"Soldier: 0, Province: 3"`` -> ``{"Soldier": 0, "Province": 3}`` (whole numbers as
    ints, anything else kept as written for the loader to judge)."""
    out: dict[str, Any] = {}
    for part in filter(str.strip, re.split(r"[,;\n]", text)):
        m = _PAIR.match(part)
        if not m or not m.group(2):
            raise DeskError([f"{what}: write 'name: value' pairs separated by commas, such as "
                             f"{'Soldier: 0' if numbers else '+1 Action: Village'}; not "
                             f"{part.strip()!r}"])
        value = m.group(2)
        out[m.group(1)] = int(value) if numbers and _INT.match(value) else value
    return out


def show_cards(items: list[Any]) -> str:
    """The inverse of :func:`read_cards`: runs of a card as short forms (``5 Copper``),
    mappings in flow style."""
    if all(isinstance(x, str) for x in items):
        names = []
        for x in items:
            name, n = item_name(x)
            names += [name] * n
        return ", ".join(compact(names))
    return ", ".join(x if isinstance(x, str) else
                     yaml.safe_dump(x, default_flow_style=True, sort_keys=False).strip()
                     for x in items)


def _text(placeholder: str, width: str = "34em") -> w.Text:
    return w.Text(placeholder=placeholder, layout=w.Layout(width=width))


def _row(label: str, widget: w.Widget) -> w.HBox:
    return w.HBox([w.Label(label, layout=w.Layout(width="15em")), widget])


def _deck_fields(deck: list[Any]) -> tuple[list[Any], list[Any]]:
    """A deck's items as the two fields show them: the known top cards, and the cards of its
    one group in unknown order under them. A deck with more groups (or anything the unknown
    field cannot say) stays whole in the first, written as the file writes it."""
    groups = [i for i, x in enumerate(deck) if isinstance(x, dict)]
    if groups == [len(deck) - 1] and set(deck[-1]) == {"unknown"} and \
            isinstance(deck[-1]["unknown"], list):
        return deck[:-1], deck[-1]["unknown"]
    return deck, []


class PlayerForm:
    """One player's part: name, a card list per zone, tokens."""

    def __init__(self, name: str) -> None:
        self.name = w.Text(value=name, description="name", layout=w.Layout(width="16em"))
        self.name.add_class("tv-name")
        self.zones = {z: _text("e.g. Copper, 2 Estate" if z == "hand" else "", "46em")
                      for z in ZONES}
        for z, t in self.zones.items():
            t.add_class(f"tv-zone-{z}")
        self.deck_unknown = _text("under the cards above, in an order no one knows: e.g. "
                                  "3 Copper, 2 Estate", "46em")
        self.deck_unknown.add_class("tv-deck-unknown")
        self.hand_unknown = w.BoundedIntText(value=0, min=0, max=999,
                                             layout=w.Layout(width="6em"))
        self.hand_unknown.add_class("tv-hand-unknown")
        self.hand_pool = _text("e.g. 7 Copper, 3 Estate (the rest lie under the deck, "
                               "order unknown)", "36em")
        self.hand_pool.add_class("tv-hand-pool")
        self.journey = w.Dropdown(options=["up", "down"], value="up", description="Journey",
                                  layout=w.Layout(width="12em"))
        self.vp = w.BoundedIntText(value=0, min=0, max=999, description="VP tokens",
                                   layout=w.Layout(width="12em"))
        self.debt = w.BoundedIntText(value=0, min=0, max=999, description="Debt",
                                     layout=w.Layout(width="12em"))
        self.coffers = w.BoundedIntText(value=0, min=0, max=999, description="Coffers",
                                        layout=w.Layout(width="12em"))
        self.minus_card = w.Checkbox(value=False, description="-1 Card token on deck",
                                     indent=False, layout=w.Layout(width="14em"))
        self.minus_coin = w.Checkbox(value=False, description="-$1 token", indent=False,
                                     layout=w.Layout(width="8em"))
        self.turns_taken = w.Text(placeholder="as seated", description="turns taken",
                                  layout=w.Layout(width="14em"))
        self.tokens = _text("e.g. +1 Action: Village, -$2 cost: Smithy", "46em")
        self.estate_token = w.Text(placeholder="e.g. Village (Inheritance)",
                                   description="Estate token on", layout=w.Layout(width="26em"),
                                   style={"description_width": "initial"})
        # a seeded game's truth the players do not know (tavern dump --order actual writes it)
        self.actual = {z: _text(f"with a seed: the {z}'s real order" + (", top first" if
                                z == "deck" else ""), "46em") for z in ("hand", "deck")}
        rows = [_row(ZONE_LABELS[z], t) for z, t in self.zones.items()]
        at = list(self.zones).index("deck") + 1
        rows.insert(at, _row(ZONE_LABELS["deck_unknown"], self.deck_unknown))
        rows.insert(1, _row(ZONE_LABELS["hand_unknown"], w.HBox([
            self.hand_unknown, w.Label("cards, drawn from"), self.hand_pool])))
        self.widget = w.VBox([
            w.HBox([self.name, self.journey, self.vp, self.debt, self.coffers]), *rows,
            _row("pile tokens", self.tokens),
            w.HBox([self.minus_card, self.minus_coin, self.turns_taken]),
            self.estate_token,
            *[_row(f"actual {z}", t) for z, t in self.actual.items()]])

    def inputs(self) -> list[w.Widget]:
        return [self.name, *self.zones.values(), self.deck_unknown, self.hand_unknown,
                self.hand_pool, self.journey, self.vp, self.debt, self.coffers, self.minus_card,
                self.minus_coin,
                self.turns_taken, self.tokens, self.estate_token, *self.actual.values()]

    def spec(self) -> dict[str, Any]:
        name = self.name.value.strip()
        who = f"{name or 'a player'}'s"
        zones = {z: read_cards(t.value, f"{who} {ZONE_LABELS[z]}") for z, t in self.zones.items()}
        out: dict[str, Any] = {"name": name}
        play: list[Any] = []
        for c in zones.pop("earlier"):   # "2 Gear" is two cards, each in play since earlier
            name, n = item_name(c)
            play += [{"card": name, "earlier": True}] * n if name is not None else [c]
        play += zones.pop("play")
        if play:
            out["play"] = play
        unknown = read_cards(self.deck_unknown.value, f"{who} {ZONE_LABELS['deck_unknown']}")
        if unknown:
            zones["deck"] = [*zones["deck"], {"unknown": unknown}] if zones["deck"] else \
                {"unknown": unknown}
        pool = read_cards(self.hand_pool.value, f"{who} {ZONE_LABELS['pool']}")
        if self.hand_unknown.value or pool:
            if zones["hand"]:
                raise DeskError([f"{who} hand: give the cards in hand, or how many unknown "
                                 "cards it holds and the pool they are drawn from, not both"])
            zones["hand"] = {"unknown": self.hand_unknown.value, "pool": pool}
        out.update({k: v for k, v in zones.items() if v})
        tokens = read_pairs(self.tokens.value, f"{who} pile tokens", numbers=False)
        if tokens:
            out["tokens"] = tokens
        if self.journey.value == "down":
            out["journey"] = "down"
        if self.vp.value:
            out["vp_tokens"] = self.vp.value
        if self.debt.value:
            out["debt"] = self.debt.value
        if self.coffers.value:
            out["coffers"] = self.coffers.value
        for key in ("minus_card", "minus_coin"):
            if getattr(self, key).value:
                out[key] = True
        taken = self.turns_taken.value.strip()
        if taken:
            out["turns_taken"] = int(taken) if _INT.match(taken) else taken
        if self.estate_token.value.strip():
            out["estate_token"] = self.estate_token.value.strip()
        actual = {z: read_cards(t.value, f"{who} actual {z}") for z, t in self.actual.items()}
        if any(actual.values()):
            out["actual"] = {z: cards for z, cards in actual.items() if cards}
        return out

    def fill(self, ps: dict[str, Any]) -> None:
        # Cards in play since an earlier turn go to their own field while they come first (the
        # form puts that field first): the order in play is kept, and matters.
        play = list(ps.get("play") or [])
        earlier: list[str] = []
        while play and isinstance(play[0], dict) and set(play[0]) == {"card", "earlier"} \
                and play[0]["earlier"] is True:
            earlier.append(play.pop(0)["card"])
        now = play
        values = {"play": now, "earlier": earlier,
                  **{z: ps.get(z) or [] for z in ("hand", "deck", "discard", "mat", "aside")}}
        hand, deck = values["hand"], values["deck"]
        values["hand"] = [] if isinstance(hand, dict) else hand
        self.hand_unknown.value = int(hand.get("unknown", 0)) if isinstance(hand, dict) else 0
        self.hand_pool.value = show_cards(hand.get("pool") or []) if isinstance(hand, dict) \
            else ""
        known, unknown = _deck_fields([deck] if isinstance(deck, dict) else deck)
        values["deck"] = known
        self.deck_unknown.value = show_cards(unknown)
        self.name.value = str(ps.get("name", ""))
        for z, t in self.zones.items():
            t.value = show_cards(values[z])
        self.tokens.value = ", ".join(f"{k}: {v}" for k, v in (ps.get("tokens") or {}).items())
        self.journey.value = ps.get("journey", "up")
        self.vp.value = int(ps.get("vp_tokens", 0))
        self.debt.value = int(ps.get("debt", 0))
        self.coffers.value = int(ps.get("coffers", 0))
        self.minus_card.value = bool(ps.get("minus_card", False))
        self.minus_coin.value = bool(ps.get("minus_coin", False))
        self.turns_taken.value = str(ps.get("turns_taken", ""))
        self.estate_token.value = str(ps.get("estate_token") or "")
        for z, t in self.actual.items():
            t.value = show_cards((ps.get("actual") or {}).get(z) or [])


class PositionForm:
    """Every input of a position: the game (ruleset, Kingdom, Events, the printed texts a card
    with several plays by, piles, trash, seed), each player and the turn.
    ``on_change(callback)`` hears every edit."""

    def __init__(self) -> None:
        self.ruleset = w.Dropdown(options=list(RULESETS), value="current",
                                  description="ruleset")
        self.count = w.Dropdown(options=list(range(1, len(NAMES) + 1)), value=2,
                                description="players", layout=w.Layout(width="10em"))
        self.seed = w.Text(placeholder="none", description="seed",
                           layout=w.Layout(width="12em"))
        self.seed.add_class("tv-seed")
        self.seed_draws = w.Text(placeholder="0", description="draws made",
                                 layout=w.Layout(width="12em"))
        self.seed_help = w.HTML(f"<span class='tv tv-muted'>{SEED_HELP}</span>",
                                layout=w.Layout(width="46em"))
        self.kingdom = _text("the Kingdom cards in the game, e.g. Peasant, Village", "46em")
        self.kingdom.add_class("tv-kingdom")
        self.events = _text("e.g. Alms, Expedition", "46em")
        self.texts = _text(f"blank: the ruleset's; e.g. Outpost: 2022. Texts: {SEVERAL_TEXTS}",
                           "46em")
        self.texts.add_class("tv-texts")
        self.piles = _text("only those not full, e.g. Soldier: 0, Province: 3", "46em")
        self.piles.add_class("tv-piles")
        self.trash = _text("", "46em")
        self.black_market = _text("with Black Market: the deck, top card first ('none': empty; "
                                  "blank: every other Kingdom card, shuffled)", "46em")
        self.players = [PlayerForm(n) for n in NAMES[:2]]
        self.turn_player = w.Dropdown(options=list(NAMES[:2]), index=0,
                                      description="whose turn")
        self.turn_player.add_class("tv-turn-player")
        self.phase = w.Dropdown(options=list(PHASES), value="action", description="phase")
        self.phase.add_class("tv-phase")
        self.number = w.BoundedIntText(value=1, min=1, max=999, description="turn no.")
        self.actions = w.BoundedIntText(value=1, min=0, max=99, description="Actions")
        self.buys = w.BoundedIntText(value=1, min=0, max=99, description="Buys")
        self.coins = w.BoundedIntText(value=0, min=0, max=99, description="$")
        self.potions = w.BoundedIntText(value=0, min=0, max=99, description="Potions")
        self.extra = w.Dropdown(options=[("no", False), ("yes", True), ("Mission's", "Mission"),
                                          ("Possession's", "Possession")],
                                value=False, description="extra turn")
        self.previous = w.Text(placeholder="as seated", description="previous turn by",
                               layout=w.Layout(width="22em"),
                               style={"description_width": "initial"})   # never cut
        # a Possession turn's trashed cards, set aside until it ends (rule possession.trash)
        self.returning = _text("", "30em")
        game = w.VBox([w.HBox([self.ruleset, self.count]),
                       w.HBox([self.seed, self.seed_draws, self.seed_help]),
                       _row("Kingdom", self.kingdom), _row("Events", self.events),
                       _row("card texts", self.texts), _row("pile sizes", self.piles),
                       _row("trash", self.trash),
                       _row("Black Market deck", self.black_market)])
        turn = w.VBox([w.HBox([self.turn_player, self.phase, self.number]),
                       w.HBox([self.actions, self.buys, self.coins, self.potions]),
                       w.HBox([self.extra, self.previous]),
                       _row("set aside by Possession", self.returning)])
        self._game, self._turn = game, turn
        self.tabs = w.Tab()
        self.tabs.add_class("tv-form")
        self._listeners: list[Callable[[], None]] = []
        for x in self._game_inputs():
            x.observe(self._changed, names="value")
        self.count.observe(self._count_changed, names="value")
        self._watch(self.players)
        self._retab()
        self.widget = self.tabs

    # -- wiring -------------------------------------------------------------------------------
    def _game_inputs(self) -> list[w.Widget]:
        return [self.ruleset, self.seed, self.seed_draws, self.kingdom, self.events,
                self.texts, self.piles, self.trash, self.black_market, self.turn_player, self.phase,
                self.number, self.actions, self.buys, self.coins, self.potions, self.extra,
                self.previous, self.returning]

    def _watch(self, forms: list[PlayerForm]) -> None:
        for p in forms:
            for x in p.inputs():
                x.observe(self._changed, names="value")
            p.name.observe(self._renamed, names="value")

    def on_change(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _changed(self, _: Any = None) -> None:
        for f in self._listeners:
            f()

    def _renamed(self, _: Any = None) -> None:
        """A player's name shows in their tab and the turn menu: keep both in step."""
        self._retab()

    def _retab(self) -> None:
        names = [p.name.value.strip() or f"player {i + 1}" for i, p in enumerate(self.players)]
        at = self.turn_player.index or 0
        self.turn_player.unobserve(self._changed, names="value")
        self.turn_player.options = names
        self.turn_player.index = min(at, len(names) - 1)
        self.turn_player.observe(self._changed, names="value")
        children = (self._game, *[p.widget for p in self.players], self._turn)
        if tuple(self.tabs.children) != children:
            self.tabs.children = children
        self.tabs.titles = ("game", *names, "turn")

    def _count_changed(self, change: dict[str, Any]) -> None:
        self.set_players(change["new"])
        self._changed()

    def set_players(self, n: int) -> None:
        """Show ``n`` players (new ones get the next free default name)."""
        if n > len(self.players):
            taken = {p.name.value for p in self.players}
            new = [PlayerForm(name) for name in [x for x in NAMES if x not in taken]
                   [:n - len(self.players)]]
            self._watch(new)
            self.players += new
        else:
            del self.players[n:]
        if self.count.value != n:
            self.count.value = n
        self._retab()

    # -- reading and writing ------------------------------------------------------------------
    def player(self, name: str) -> PlayerForm:
        for p in self.players:
            if p.name.value.strip() == name:
                return p
        raise KeyError(f"no player named {name!r}")

    def zone(self, player: str, zone: str) -> w.Text:
        return self.player(player).zones[zone]

    def _seed(self) -> int | None:
        """The seed typed, or None (none typed: chance is asked)."""
        text = self.seed.value.strip()
        if not text:
            return None
        if not re.fullmatch(r"\d+", text):
            raise DeskError([f"seed: write a whole number such as 1, or leave it empty so "
                             f"that chance is asked; not {text!r}"])
        return int(text)

    def setup(self) -> dict[str, Any]:
        """The position as a scenario ``setup``; :class:`DeskError` lists what cannot be read
        (every field is read, so one edit fixes one message)."""
        problems: list[str] = []
        out: dict[str, Any] = {}

        def read(key: str, f: Callable[[], Any]) -> None:
            try:
                value = f()
            except DeskError as e:
                problems.extend(e.problems)
                return
            if value:
                out[key] = value

        read("kingdom", lambda: read_cards(self.kingdom.value, "Kingdom"))
        read("events", lambda: read_cards(self.events.value, "Events"))
        read("texts", lambda: read_pairs(self.texts.value, "card texts", numbers=False))
        read("piles", lambda: read_pairs(self.piles.value, "pile sizes", numbers=True))
        read("trash", lambda: read_cards(self.trash.value, "trash"))
        market = self.black_market.value.strip()
        if market.lower() == "none":
            out["black_market"] = []
        elif market:
            read("black_market", lambda: read_cards(market, "Black Market deck"))
        try:
            seed = self._seed()
        except DeskError as e:
            problems.extend(e.problems)
        else:
            if seed is not None:   # a seed of 0 is a seed too
                out["seed"] = seed
        draws = self.seed_draws.value.strip()
        if draws:
            out["seed_draws"] = int(draws) if _INT.match(draws) else draws
        players = []
        for p in self.players:
            try:
                players.append(p.spec())
            except DeskError as e:
                problems.extend(e.problems)
        returning: list[Any] = []
        try:
            returning = read_cards(self.returning.value, "set aside by Possession")
        except DeskError as e:
            problems.extend(e.problems)
        if problems:
            raise DeskError(problems)
        out["players"] = players
        out["turn"] = {"player": players[self.turn_player.index or 0]["name"],
                       "phase": self.phase.value, "number": self.number.value,
                       "actions": self.actions.value, "buys": self.buys.value,
                       "coins": self.coins.value}
        if self.potions.value:
            out["turn"]["potions"] = self.potions.value
        if self.extra.value:
            out["turn"]["extra"] = self.extra.value
        if self.previous.value.strip():
            out["turn"]["previous"] = self.previous.value.strip()
        if returning:
            out["turn"]["returning"] = returning
        return out

    def fill(self, setup: dict[str, Any], ruleset: str | None = None) -> None:
        """Show ``setup`` (a scenario's, checked by the loader; the form has a field for every
        key the scenario format allows)."""
        players = setup.get("players") or [{"name": n} for n in NAMES[:2]]
        self.ruleset.value = ruleset or str(setup.get("ruleset", "current"))
        self.seed.value = str(setup["seed"]) if "seed" in setup else ""
        self.seed_draws.value = str(setup.get("seed_draws", ""))
        self.kingdom.value = show_cards(setup.get("kingdom") or [])
        self.events.value = ", ".join(setup.get("events") or [])
        self.texts.value = ", ".join(f"{k}: {v}" for k, v in (setup.get("texts") or {}).items())
        self.piles.value = ", ".join(f"{k}: {v}" for k, v in (setup.get("piles") or {}).items())
        self.trash.value = show_cards(setup.get("trash") or [])
        market = setup.get("black_market")
        self.black_market.value = "" if market is None else show_cards(market) or "none"
        self.set_players(len(players))
        for form, ps in zip(self.players, players, strict=True):
            form.fill(ps)
        self._retab()
        t = setup.get("turn") or {}
        names = [p.get("name") for p in players]
        self.turn_player.index = names.index(t["player"]) if t.get("player") in names else 0
        self.phase.value = t.get("phase", "start")
        self.number.value = int(t.get("number", 1))
        self.actions.value = int(t.get("actions", 1))
        self.buys.value = int(t.get("buys", 1))
        self.coins.value = int(t.get("coins", 0))
        self.potions.value = int(t.get("potions", 0))
        self.extra.value = t.get("extra", False)
        self.previous.value = str(t.get("previous") or "")
        self.returning.value = show_cards(t.get("returning") or [])

    def clear(self) -> None:
        """An empty position: two players, nothing in any zone, Ann's Action phase."""
        self.fill({"players": [{"name": n} for n in NAMES[:2]],
                   "turn": {"player": NAMES[0], "phase": "action"}})
