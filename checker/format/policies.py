"""Player policies: how a player answers wherever a decision of theirs comes up.

A scenario's ``policies`` maps a player to a list of rules or to a built-in bot by name::

    policies:
      Bob: [reveal Moat]                               # "Bob reveals Moat whenever he can"
      Ann:
        - {answer: call Royal Carriage, card: Giant}   # only where the decision names Giant
        - {pick: [Estate, Copper], verb: trash}        # trash Estates first, then Coppers
      Cid: big-money                                   # every decision, as the bot answers

A rule *applies* to a pending decision of its player when its filters hold (``card``: the
decision's prompt names the card, or it is the decision's card; ``verb``: the decision's verb;
``prompt``: words its prompt contains) and it yields a legal answer: ``answer`` (a string rule
is one) when that label is legal; ``pick`` for a decision picking cards, the named cards and no
others, in the order of preference, as many as it may take (a pick of one: the first named that
is offered; a pick of at least N that the names cannot fill does not apply). The first rule that
applies answers; a decision no rule answers is left to the script or the explorer. A bot answers
every decision of its player. Chance steps are no player's decision: a policy never answers one.

Every decision is still pending like any other: :meth:`Policies.answer` names the answer and
writes in the log that it came from the policy (citing the rule the decision cites), and the
caller gives it, as a script entry would be given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dominion_tavern.checker.format.schema_errors import Found, where
from dominion_tavern.checker.reading.stop_points import ExploreError
from dominion_tavern.rulebook.carddata import CARDS
from dominion_tavern.rulebook.engine.decisions import Decision, IllegalAnswer
from dominion_tavern.rulebook.engine.game import Game
from dominion_tavern.rulebook.simulate.bots import BOTS
from dominion_tavern.rulebook.spelling import suggest

POLICIES = "policies"
MAX_IN_A_ROW = 10_000  # policy answers in a row before a run is called endless
RULE_KEYS = ("answer", "pick", "card", "verb", "prompt")
#: Bots whose answer depends on the position alone (a random bot's would not be a policy).
POLICY_BOTS = tuple(name for name in BOTS if name != "random")


@dataclass
class Rule:
    """One rule of a player's list; ``place`` is how reports name it (``Bob's rule 1``)."""

    place: str
    text: str
    answer: str | None = None
    pick: tuple[str, ...] = ()
    card: str | None = None
    verb: str | None = None
    prompt: str | None = None

    @classmethod
    def of(cls, spec: str | dict[str, Any], place: str) -> Rule:
        if isinstance(spec, str):
            return cls(place, spec, answer=spec)
        text = ", ".join(f"{k}: {', '.join(v) if isinstance(v, list) else v}"
                         for k, v in spec.items())
        return cls(place, text, answer=spec.get("answer"), pick=tuple(spec.get("pick") or ()),
                   card=spec.get("card"), verb=spec.get("verb"), prompt=spec.get("prompt"))

    def fits(self, d: Decision) -> bool:
        """Whether the decision is one this rule speaks of (its filters)."""
        if self.verb is not None and self.verb not in (d.verb, d.kind):
            return False
        if self.prompt is not None and self.prompt not in d.prompt:
            return False
        return self.card is None or d.card == self.card or \
            re.search(rf"\b{re.escape(self.card)}\b", d.prompt) is not None

    def answer_to(self, d: Decision) -> str | None:
        """The answer this rule gives ``d``, or None when it does not apply."""
        if not self.fits(d):
            return None
        if self.answer is not None:
            try:
                return d.chosen_label(d.resolve(self.answer))
            except IllegalAnswer:
                return None
        if not d.multi:
            labels = d.labels()
            return next((f"{v} {n}" for n in self.pick for v in (d.verb, d.kind)
                         if v and f"{v} {n}" in labels), None)
        left = d.labels()
        picked: list[str] = []
        for name in self.pick:
            while name in left and len(picked) < d.max:
                left.remove(name)
                picked.append(name)
        if len(picked) < d.min:
            return None
        return f"{d.verb}: " + (", ".join(picked) or "nothing")


@dataclass
class Policy:
    """One player's policy: rules, or a bot."""

    player: str
    rules: list[Rule] = field(default_factory=list)
    bot: str | None = None

    def describe(self) -> str:
        if self.bot is not None:
            return f"{self.player} plays as the {self.bot} bot"
        return f"{self.player}: " + "; ".join(f"{r.place.split(' ')[-1]}. {r.text}"
                                              for r in self.rules)


class Policies:
    """The policies of a scenario's players, and which rules have applied (a rule that never
    does is reported like a script entry never used)."""

    def __init__(self, spec: dict[str, Any] | None) -> None:
        self.by_player: dict[str, Policy] = {}
        for player, value in (spec or {}).items():
            if isinstance(value, str):
                self.by_player[player] = Policy(player, bot=value)
            else:
                self.by_player[player] = Policy(player, [
                    Rule.of(r, f"{player}'s rule {i + 1}") for i, r in enumerate(value)])
        self.used: set[str] = set()  # the places of rules (and bots) that answered
        self._bots: dict[str, Any] = {}

    def __bool__(self) -> bool:
        return bool(self.by_player)

    def choose(self, g: Game) -> tuple[str, str] | None:
        """The policy's answer to ``g``'s pending decision and where it comes from, or None
        when no policy answers it. Nothing is written or recorded."""
        d = g.pending
        if d is None or d.kind == "chance" or g.paused is not None:
            return None
        policy = self.by_player.get(d.decider)  # the possessor's on a Possession turn
        if policy is None:
            return None
        if policy.bot is not None:
            bot = self._bots.get(policy.player)
            if bot is None:
                bot = self._bots[policy.player] = BOTS[policy.bot](0)
            chosen = bot.choose(g, d)
            label = chosen if isinstance(chosen, str) else d.chosen_label(d.resolve(chosen))
            return label, f"{policy.player}'s policy, the {policy.bot} bot"
        for rule in policy.rules:
            label = rule.answer_to(d)
            if label is not None:
                return label, rule.place
        return None

    def answer(self, g: Game) -> str | None:
        """:meth:`choose`, written in ``g``'s log ("Bob answers 'reveal Moat' (by policy:
        Bob's rule 1) [attack.reaction]") and recorded as used; the caller gives the answer."""
        found = self.choose(g)
        if found is None:
            return None
        label, source = found
        d = g.pending
        assert d is not None
        self.used.add(source)
        g.note(g.player(d.decider), f"answers {label!r}"
               + ("" if d.decider == d.player else f" for {d.player}"),
               note=f"by policy: {source}", rule=d.rule)
        return label

    def play(self, g: Game) -> list[str]:
        """Give ``g`` the policies' answers (:meth:`answer`) for as long as they answer the
        pending decision; the answers given. :class:`ExploreError` after
        :data:`MAX_IN_A_ROW` of them (policies playing on to the game's end, or for ever)."""
        given: list[str] = []
        while (label := self.answer(g)) is not None:
            if len(given) == MAX_IN_A_ROW:
                raise ExploreError(f"the policies answered {MAX_IN_A_ROW} decisions in a row "
                                   "without reaching a script entry or a stop point; give "
                                   "the run a stop (stop: {at: end-of-turn})")
            g.answer(label)
            given.append(label)
        return given

    def line(self, g: Game, script: list[str]) -> list[str]:
        """Play ``script`` on ``g``, the policies answering first wherever they do (as a run
        and the explorer play it); every answer given, the policies' included."""
        given: list[str] = []
        for a in script:
            given += self.play(g)
            g.answer(a)
            given.append(a)
        return given

    def unused(self) -> list[str]:
        """Each rule (or bot) that never answered a decision, as a report line."""
        out = []
        for policy in self.by_player.values():
            if policy.bot is not None:
                source = f"{policy.player}'s policy, the {policy.bot} bot"
                if source not in self.used:
                    out.append(f"policy {policy.player}: {policy.bot} never answered a decision")
                continue
            out += [f"policy {r.place} ({r.text}) never applied: no decision of "
                    f"{policy.player}'s matched it with a legal answer"
                    for r in policy.rules if r.place not in self.used]
        return out

    def describe(self) -> list[str]:
        return [p.describe() for p in self.by_player.values()]


def policy_problems(spec: Any, players: list[str]) -> list[Found]:
    """What the schema cannot say about a ``policies`` section: player names, bot names, card
    names, and rules that give no answer."""
    out: list[Found] = []
    if not isinstance(spec, dict):
        return out
    for player, value in spec.items():
        at: tuple[str | int, ...] = (POLICIES, player)
        if player not in players:
            out.append((at, f"{where(at)}: no player named {player!r}; players: "
                        f"{', '.join(players)}", True))
        if isinstance(value, str):
            if value not in POLICY_BOTS:
                out.append((at, f"{where(at)}: {value!r} is not a bot that can be a policy; "
                            f"bots: {', '.join(POLICY_BOTS)} (or a list of rules)"
                            + (" (the random bot's answers depend on its seed, not the "
                               "position)" if value == "random" else ""), False))
            continue
        for i, rule in enumerate(value if isinstance(value, list) else []):
            out += _rule_problems(rule, (*at, i))
    return out


def _rule_problems(rule: Any, at: tuple[str | int, ...]) -> list[Found]:
    if not isinstance(rule, dict):
        return []
    out: list[Found] = []
    if ("answer" in rule) == ("pick" in rule):
        out.append((at, f"{where(at)}: a rule gives either 'answer' (a label such as 'reveal "
                    "Moat') or 'pick' (card names, the first preferred), not "
                    + ("both" if "answer" in rule else "neither"), False))
    names = [("card", rule.get("card"))] + [(("pick", j), n)
                                            for j, n in enumerate(rule.get("pick") or [])]
    for key, name in names:
        if isinstance(name, str) and name not in CARDS:
            path = (*at, *(key if isinstance(key, tuple) else (key,)))
            out.append((path, f"{where(path)}: unknown card {name!r}"
                        f"{suggest(name, list(CARDS))}", False))
    return out
