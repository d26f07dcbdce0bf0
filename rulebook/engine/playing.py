"""Playing cards, calling Reserve cards, and Attacks with their Reactions.

Playing moves the card into play (if it is not there) and does its text fully before anything
else (rule ``play``). A card that plays another card passes ``by=`` so that Duration tracking
knows who must stay in play with it (rules ``duration.multi-play``,
``duration.command-tracking``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dominion_tavern.rulebook.engine.decisions import Closed, Option
from dominion_tavern.rulebook.engine.registry import ability, perform
from dominion_tavern.rulebook.engine.state import Card, Player, move

if TYPE_CHECKING:
    from dominion_tavern.rulebook.carddata import CardDef
    from dominion_tavern.rulebook.engine.game import Game

PILE_BONUS = {"+1 Card": "draw", "+1 Action": "actions", "+1 Buy": "buys", "+$1": "coins"}

#: Each window a Reserve card may be called in: the rule that opens it, and when that is.
CALL_WINDOWS = {
    "start-of-turn": ("reserve.start-of-turn", "only at the start of its owner's turn"),
    "after-action": ("reserve.after-action", "only directly after an Action card resolves"),
    "end-of-buy": ("reserve.end-of-buy", "only at the end of its owner's Buy phase"),
    "on-gain": ("reserve.on-gain", "only when its owner gains a card"),
}


def call_label(window: str, name: str) -> str:
    """The answer that calls a Reserve card (Wine Merchant is discarded, not called)."""
    return f"discard {name} from the Tavern mat" if window == "end-of-buy" else f"call {name}"


def _plain(c: Card, tokens: set[str | None]) -> bool:
    """A Treasure whose play only gives its $ (nothing to do, no token on its pile)."""
    b = ability(c)
    return b.on_play is None and not b.in_play and not c.d.is_action and \
        not c.d.is_attack and c.name not in tokens


@dataclass
class PlayInstance:
    """One play of one card: who played it and, for an Attack, who is unaffected by it."""

    card: Card
    player: Player
    unaffected: set[int] = field(default_factory=set)


class Playing:
    def action_now(self: Game, d: CardDef) -> bool:
        """Whether a card is an Action card now. Under the current rules every Estate is one
        during the turn of a player whose Estate token is out, those in the Supply and other
        players' too (rule ``token.estate``: "During your turns, Estates are also Command
        Actions"; ruling ``inheritance.all-estates-current``)."""
        return d.is_action or (d.name == "Estate" and self.state.ruleset == "current"
                               and self.state.turn.player.estate_token is not None)

    def play(self: Game, p: Player, card: Card, *, by: Card | None = None, again: bool = False,
             rule: str = "play"):
        """Play ``card`` (generator): into play, pile tokens, Attack reactions, its text, then
        the after-an-Action window (rule ``reserve.after-action``).

        ``again``: a replay by the card ``by`` (Throne Room's second play, Royal Carriage): the
        card is played where it is, even if it has moved since (rule ``play.replay``).
        """
        where = self._into_play(p, card, again)
        if by is not None and card.plays >= 2 and (card.d.is_duration or card.tracks) \
                and card not in by.tracks:  # a Duration, or a card that played one again
            by.tracks = [*by.tracks, card]
        self.note(p, "plays", (card.name,), where, rule=rule)
        token = p.estate_token
        if token is not None and card.name == "Estate" and card.d.abilities == token.name:
            self.note(p, "plays the Estate as", (token.name,), note="the card with their Estate "
                      "token: under the 2015 rules an Estate has its abilities and types",
                      rule="token.estate")
        if card.name in p.tokens.values():  # a token on its pile (a bonus one, or another)
            yield from self._pile_tokens(p, card)
        inst = PlayInstance(card, p)
        self.plays_in_progress.append(inst)
        try:
            if self.state.lasting or self._in_play_abilities("play"):
                yield from self.fire("play", p, card=card)
            if card.d.is_attack:
                yield from self._reactions(p, inst)
            b = ability(card)
            if b.coins:
                self.plus_coins(p, b.coins, rule="play.treasure")
            if b.on_play is not None:
                yield from perform(b.on_play, self, p, card)
        finally:
            self.plays_in_progress.pop()
        if by is not None and card.zone is not p.play:
            if card.tracks:
                self._track_for(by, card)
            for e in self.state.pending:  # what this play left to do keeps ``by`` in play
                if e.card is card and e.keeps is None:
                    e.keeps = by
        if card.d.is_action and p.mat.cards:
            yield from self.after_action(p, card)

    @staticmethod
    def _track_for(by: Card, card: Card) -> None:
        """``by`` played ``card`` where it lies outside play (an Estate playing the card with
        the Estate token): ``by`` stays in play as long as ``card`` would have, so it takes
        over what this play of ``card`` made stay, and ``card``, never in play, tracks nothing
        (rule ``duration.command-tracking``)."""
        by.tracks = [*by.tracks, *(t for t in card.tracks if t not in by.tracks)]
        card.tracks = ()

    def _into_play(self: Game, p: Player, card: Card, again: bool = False) -> str:
        """The start of every play: the card goes into play (unless it is replayed where it
        is) and is counted as played; returns where it came from, for the log."""
        t = self.state.turn
        where = "again" if again else ""
        if again and card.zone is not p.play:
            where = f"from {card.zone.words}, leaving it there"
        if not again and card.zone is not p.play:
            where = f"from {move(card, p.play).words}"
            card.since = t.number
        if card.zone is p.play:
            card.plays += 1
        if p is t.player:
            t.played.append(card.name)
        return where

    def play_treasures(self: Game, p: Player):
        """"Play all Treasures": each Treasure in hand, in order (rule ``play.treasure``). A
        plain Treasure (it only gives $: no text to do, no token on its pile, nothing in play
        or lasting that reacts to a play) skips what :meth:`play` would find nothing to do
        in; any other is played by :meth:`play`. The log is the same either way."""
        quiet = not self.state.lasting and not self._in_play_abilities("play")
        tokens = set(p.tokens.values())
        for c in [c for c in p.hand.cards if c.d.is_treasure]:
            if c.zone is not p.hand:
                continue
            if quiet and _plain(c, tokens):
                self.note(p, "plays", (c.name,), self._into_play(p, c), rule="play.treasure")
                self.plus_coins(p, ability(c).coins, rule="play.treasure")
                continue
            yield from self.play(p, c, rule="play.treasure")
            quiet = not self.state.lasting and not self._in_play_abilities("play")
            tokens = set(p.tokens.values())

    def _pile_tokens(self: Game, p: Player, card: Card):
        """The bonus tokens on the card's pile come first (rule ``token.pile-bonus``)."""
        pile = card.name
        for token, what in PILE_BONUS.items():
            if p.tokens[token] == pile:
                self.note(p, f"gets {token} from their token on the", (pile,), "pile",
                          rule="token.pile-bonus")
                if what == "draw":
                    yield from self.draw(p, 1, rule="token.pile-bonus")
                elif what == "actions":
                    self.plus_actions(p, 1, rule="token.pile-bonus")
                elif what == "buys":
                    self.plus_buys(p, 1, rule="token.pile-bonus")
                else:
                    self.plus_coins(p, 1, rule="token.pile-bonus")

    # -- Attacks ----------------------------------------------------------------------------
    def _reactions(self: Game, attacker: Player, inst: PlayInstance):
        """Before an Attack resolves, each other player in turn order may react to it
        (rule ``attack.reaction``); those protected are recorded on the play."""
        for q in self.others(attacker):
            yield from self.know_hand(q)  # an Attack may read q's hand; q decides with it
            shield = self.attack_shield(q)
            if shield is not None:
                inst.unaffected.add(q.index)
                self.note(q, "is unaffected by", (inst.card.name,),
                          note=f"protected by their {shield}", rule="attack.unaffected")
            used: set[int] = set()
            while True:
                options = [
                    Option(f"{ability(c).reaction_verb} {c.name}", c)
                    for c in q.hand.cards
                    if c.uid not in used and ability(c).reaction is not None
                ]
                options = list({o.label: o for o in options}.values())
                if not options:
                    break
                options.append(Option("continue", None))
                chosen = yield from self.choose(
                    q, f"{attacker.name} plays {inst.card.name}: react with a card from your "
                    "hand?", options, rule="attack.reaction", kind="react",
                    explained=lambda q=q, options=options: _reactions_refused(q, options))
                if chosen is None:
                    break
                used.add(chosen.uid)
                yield from perform(ability(chosen).reaction, self, q, chosen, inst)

    def attack_shield(self: Game, q: Player) -> str | None:
        """What shields q from Attacks played now (a lasting effect of q's: Champion,
        Guardian), or None."""
        return next((e.source for e in self.state.lasting
                     if e.window == "shield" and e.owner == q.index), None)

    def victims(self: Game, attacker: Player) -> list[Player]:
        """The other players the Attack being resolved affects, in turn order."""
        inst = self.current_play()
        return [q for q in self.others(attacker) if q.index not in inst.unaffected]

    def current_play(self: Game) -> PlayInstance:
        return self.plays_in_progress[-1]

    def others(self: Game, p: Player) -> list[Player]:
        """The other players in turn order, starting to p's left."""
        ps = self.state.players
        return [ps[(p.index + i) % len(ps)] for i in range(1, len(ps))]

    # -- Reserve cards ----------------------------------------------------------------------
    def call(self: Game, p: Player, card: Card, event: object = None):
        """Call a Reserve card: from the Tavern mat into play, doing only its text below the
        line. Calling is not playing (rule ``reserve.call.not-play``)."""
        move(card, p.play)
        card.since = self.state.turn.number
        self.note(p, "calls", (card.name,), "from their Tavern mat", rule="reserve.call")
        yield from perform(ability(card).on_call, self, p, card, event)

    def callable_reserves(self: Game, p: Player, window: str, event: object = None):
        """The cards on p's Tavern mat that may be called now, one per name."""
        seen: dict[str, Card] = {}
        for c in p.mat.cards:
            b = ability(c)
            if b.call_window == window and c.name not in seen and (
                    b.why_not is None or b.why_not(self, p, c, event) is None):
                seen[c.name] = c
        return list(seen.values())

    def closed_reserves(self: Game, p: Player, window: str | None, event: object = None, *,
                        same_window: bool = True) -> list[Closed]:
        """Calls of cards on p's Tavern mat that the rules close now, one per name: in
        ``window`` itself, those whose condition fails (``same_window``); otherwise those
        called in another window (``window`` None: outside every window, as in a phase)."""
        out: dict[str, Closed] = {}
        for c in p.mat.cards:
            b = ability(c)
            if b.call_window is None or c.name in out:
                continue
            label = call_label(b.call_window, c.name)
            if b.call_window != window:
                if not same_window:
                    rule, when = CALL_WINDOWS[b.call_window]
                    out[c.name] = Closed(label, rule, when)
            elif same_window and b.why_not is not None:
                why = b.why_not(self, p, c, event)
                if why is not None:
                    out[c.name] = Closed(label, CALL_WINDOWS[window][0], why)
        return list(out.values())

    def after_action(self: Game, p: Player, action: Card):
        """Directly after an Action card is resolved: Coin of the Realm, Royal Carriage."""
        def triggers():
            return [self.trigger(p, f"call {c.name}", self.call, p, c, action, optional=True,
                                 key=c.uid)
                    for c in self.callable_reserves(p, "after-action", action)]
        yield from self.resolve_triggers(
            p, triggers, f"call a Reserve card after playing {action.name}?",
            rule="reserve.after-action",
            unmet=lambda: self.closed_reserves(p, "after-action", action),
            closed=lambda: self.closed_reserves(p, "after-action", same_window=False),
            explained=lambda: self.reserves_off_mat(p))

    def reserves_off_mat(self: Game, p: Player) -> list[Closed]:
        """p's Reserve cards that are not on the Tavern mat, so cannot be called (rule
        ``reserve.call``), each said with where it is, when such a call is answered."""
        return list({c.name: Closed(call_label(ability(c).call_window, c.name), "reserve.call",
                                    f"{c.name} is not on the Tavern mat: it is {c.zone.at}")
                     for c in p.owned()
                     if ability(c).call_window is not None and c.zone is not p.mat}.values())


def _reactions_refused(q: Player, options: list[Option]) -> list[Closed]:
    """Reactions a judge might name that are not offered, each with why (rule
    ``attack.reaction``): one not in hand, or named with the other verb ("reveal Caravan
    Guard", which reacts by being played)."""
    offered = {o.label for o in options}
    out = []
    for c in [*q.hand.cards, *(c for c in q.owned() if c.zone is not q.hand)]:  # hand first:
        b = ability(c)  # a copy in hand gives the reason for its name, not one elsewhere
        if b.reaction is None:
            continue
        for verb in ("reveal", "play"):
            label = f"{verb} {c.name}"
            if label in offered:
                continue
            if c.zone is not q.hand:
                why = f"{c.name} is not in {q.name}'s hand"
            elif verb != b.reaction_verb:
                why = f"{c.name} reacts by '{b.reaction_verb} {c.name}'"
            else:
                why = f"this {c.name} has reacted to this Attack already"
            out.append(Closed(label, "attack.reaction", why))
    return out
