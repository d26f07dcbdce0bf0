"""Moving cards: drawing, shuffling, discarding, trashing, gaining, looking, setting aside.

Every move logs what happened and the rule behind it. Numbers pass through the tokens that
change them (the -1 Card token on draws, the -$1 token on receiving $), so a token applies
wherever the rule says, not only to numbers printed on a card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dominion_tavern.rulebook.engine.knowing import VERB_WORDS, Known, group_counts
from dominion_tavern.rulebook.engine.log import counted
from dominion_tavern.rulebook.engine.state import Card, Player, Zone, move, move_zone

if TYPE_CHECKING:
    from dominion_tavern.rulebook.engine.game import Game


#: Where a gained card goes (a zone of the player's), as the log says it.
GAINED_TO = {"discard": "", "hand": "to hand", "deck": "onto their deck"}


def names(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple([c.name for c in cards])


def _chance_once(cards: Iterable[Card]) -> tuple:
    """How cards just made known came up, for the first log entry about them only."""
    if not isinstance(cards, Known):
        return ()
    chance, cards.chance = cards.chance, ()
    return chance


class Moves:
    # -- counters ---------------------------------------------------------------------------
    def _is_turn_of(self: Game, p: Player) -> bool:
        return self.state.turn.player is p

    def plus_actions(self: Game, p: Player, n: int, rule: str = "actions-buys") -> None:
        if not self._is_turn_of(p):
            self.note(p, f"gets +{counted(n, 'Action')}", note="no effect: not their turn",
                      rule=rule)
            return
        self.state.turn.actions += n

    def plus_buys(self: Game, p: Player, n: int, rule: str = "actions-buys") -> None:
        if not self._is_turn_of(p):
            self.note(p, f"gets +{counted(n, 'Buy')}", note="no effect: not their turn",
                      rule=rule)
            return
        self.state.turn.buys += n

    def plus_coins(self: Game, p: Player, n: int, rule: str = "coins") -> None:
        """Receive $n; the -$1 token takes $1 of it first (rule ``token.minus-coin``)."""
        if n <= 0:
            return
        if p.minus_coin:
            p.minus_coin = False
            n -= 1
            self.note(p, "returns the -$1 token", note="gets $1 less", rule="token.minus-coin")
        if n and self._is_turn_of(p):
            self.state.turn.coins += n
        elif n:
            self.note(p, f"gets +${n}", note="no effect: not their turn", rule=rule)

    def plus_coffers(self: Game, p: Player, n: int) -> None:
        """Put n tokens on p's Coffers mat, whoever's turn it is (rule ``coffers``)."""
        p.coffers += n
        self.note(p, f"gets +{n} Coffers", note=f"now {p.coffers}", rule="coffers")

    def plus_potions(self: Game, p: Player, n: int) -> None:
        """Receive n Potions to spend this turn, a currency apart from $ (rule
        ``cost.potion``)."""
        mine = self._is_turn_of(p)
        if mine:
            self.state.turn.potions += n
        self.note(p, f"gets +{n} Potion", note="" if mine else "no effect: not their turn",
                  rule="cost.potion")

    # -- drawing ----------------------------------------------------------------------------
    def shuffle(self: Game, p: Player) -> None:
        """Shuffle the discard pile into a new deck, under any cards still in the deck: a new
        group of cards in unknown order (rule ``chance.unknown-order``). Cards still in the deck
        (looking at or revealing more cards than it has) stay on top, as the log says."""
        left = len(p.deck.cards)
        fresh = list(p.discard.cards)
        if not self.state.ask_chance:  # asked, what comes up is a chance step over names:
            self.state.rng.shuffle(fresh)  # the order the cards lie in is never read
        for c in fresh:
            c.zone = p.deck
        p.deck.cards[:0] = fresh
        p.discard.cards.clear()
        if fresh:
            p.unknown.insert(0, group_counts(fresh))
        under = f", under the {counted(left, 'card')} left in their deck" if left else ""
        self.note(p, "shuffles", note=counted(len(fresh), "card") + under, rule="draw.shuffle")

    def draw(self: Game, p: Player, n: int, rule: str = "draw"):
        """Draw n cards (generator; fewer with the -1 Card token, or if deck and discard run
        out). Cards in unknown order come up by chance. The log follows the order of events:
        the cards drawn before a shuffle, the shuffle, then the cards drawn after it (rule
        ``draw.shuffle``), each entry with the chance of what it shows."""
        if n <= 0:
            return []
        if p.minus_card:
            p.minus_card = False
            n -= 1
            self.note(p, "removes the -1 Card token", note="draws one card fewer",
                      rule="token.minus-card")
        drawn: list[Card] = []
        records: list = []
        told = 0  # how many of the drawn cards the log has told of
        hand = p.hand.cards
        while len(drawn) < n:
            deck = p.deck.cards
            if not deck:
                if not p.discard.cards:
                    break
                if drawn and self.log is not None:  # drawn before the shuffle: told before it
                    self.note(p, "draws", names(drawn), rule=rule, chance=tuple(records))
                    told, records = len(drawn), []
                self.shuffle(p)
            k = min(n - len(drawn), len(deck))
            if p.unknown:  # know_top's own test, made here to spare a generator a draw
                if self.state.ask_chance or p.deal:
                    records += yield from self.know_top(p, k, "draw")
                else:
                    records += self.seen_top(p, k)
            taken = deck[-k:][::-1]  # the top card first
            del deck[-k:]
            for card in taken:
                card.zone = p.hand
            hand += taken
            drawn += taken
        if self.log is not None and (len(drawn) > told or (n and not drawn)):
            short = "" if len(drawn) == n else f"wanted {n} in all" if told else f"wanted {n}"
            self.note(p, "draws" if drawn else "draws no cards", names(drawn[told:]),
                      rule=rule, note=short, chance=tuple(records))
        return drawn

    def peek(self: Game, p: Player, n: int, verb: str = "look", rule: str | None = None):
        """The top n cards of p's deck (generator), shuffling if needed (looking and revealing
        are not drawing: the -1 Card token is unaffected, rule ``look``). Top card first;
        cards in unknown order come up by chance (``verb`` says how: look, reveal, discard).
        With no card left to take, the log says so (under ``rule``, else the verb's own)."""
        deck = p.deck.cards
        if len(deck) < n and p.discard.cards:
            self.shuffle(p)
        k = min(n, len(deck)) if n > 0 else 0
        seen = Known()
        if k:
            if p.unknown:
                seen.chance = tuple((yield from self.know_top(p, k, verb)))
            seen.extend(reversed(deck[-k:]))
        elif n > 0:
            self.note(p, f"{VERB_WORDS[verb]} no cards",
                      note="their deck and discard pile are empty", rule=rule or verb)
        return seen

    def look(self: Game, p: Player, n: int, rule: str = "look"):
        cards = yield from self.peek(p, n, rule=rule)
        if cards:
            self.note(p, "looks at", names(cards), "from the top of their deck", rule=rule,
                      note=f"wanted {n}" if len(cards) < n else "", chance=cards.chance)
        return cards

    def reveal(self: Game, p: Player, cards: list[Card], where: str = "",
               rule: str = "reveal") -> None:
        """Reveal ``cards`` (none: nothing to log; :meth:`peek` has said why)."""
        if cards:
            self.note(p, "reveals", names(cards), where, rule=rule, chance=_chance_once(cards))

    # -- moving between zones ---------------------------------------------------------------
    def _move_all(self: Game, p: Player | None, cards: Iterable[Card], to: Zone, verb: str,
                  rule: str, dest: str = "", top_first: bool = False,
                  note: str = "", private: bool = False) -> list[Card]:
        """Move cards and log ``P VERB CARDS from SOURCE DEST`` ("puts Gold from hand onto
        their deck"). ``top_first``: the cards are listed top card first, so the first one
        given ends on top of ``to``."""
        chance = _chance_once(cards)
        cards = list(cards)
        if not cards:
            return cards
        src = cards[0].zone
        one_source = True
        for c in cards:
            if c.zone is not src:
                one_source = False
                break
        if one_source and not top_first and src is not to and len(cards) == len(src.cards):
            move_zone(src, to, cards)  # the whole zone at once (a hand, the play area)
        else:
            for c in reversed(cards) if top_first else cards:
                move(c, to)
        if self.log is not None:  # the words only for a game that keeps a log
            where = "" if not one_source else "back" if src is to else f"from {src.words}"
            self.note(p, verb, names(cards), f"{where} {dest}".strip(), rule=rule, note=note,
                      chance=chance, private=p.name if private and p is not None else None)
        return cards

    def discard(self: Game, p: Player, cards: Iterable[Card], rule: str = "discard") -> list:
        return self._move_all(p, cards, p.discard, "discards", rule)

    def trash(self: Game, p: Player | None, cards: Iterable[Card], rule: str = "trash") -> list:
        """Trash cards. On a Possession turn the turn player's own cards are trashed but set
        aside, to go to their discard pile when the turn ends (rule ``possession.trash``)."""
        t = self.state.turn
        if t.controller is None:
            return self._move_all(p, cards, self.state.trash, "trashes", rule)
        cards = list(cards)
        kept = [c for c in cards if c.zone is not None and c.zone.owner is t.player]
        t.returning += self._move_all(p, kept, t.player.aside, "trashes", "possession.trash",
                                      dest="and sets it aside" if len(kept) == 1
                                      else "and sets them aside",
                                      note="Possession: back to their discard pile at the end "
                                      "of the turn")
        return kept + self._move_all(p, [c for c in cards if c not in kept], self.state.trash,
                                     "trashes", rule)

    def to_hand(self: Game, p: Player, cards: Iterable[Card], rule: str,
                private: bool = False) -> list[Card]:
        """``private``: a face-down card, whose name only its owner sees."""
        return self._move_all(p, cards, p.hand, "puts", rule, dest="into their hand",
                              private=private)

    def deck_to_discard(self: Game, p: Player):
        """Put the whole deck into the discard pile (generator): a move, not discarding
        (Messenger). Its cards in unknown order stay unknown: a discard pile has no order that
        matters; an unknown hand drawn from the same cards becomes known first."""
        yield from self.know_hand(p)
        self.lay_unknown(p)
        p.unknown.clear()
        self._move_all(p, list(reversed(p.deck.cards)), p.discard, "puts", "choice.optional",
                       dest="into their discard pile", note="their whole deck")

    def put_on_deck(self: Game, p: Player, cards: Iterable[Card], rule: str = "topdeck") -> list:
        """Put cards onto the deck, given (and logged) top card first like every listing of a
        deck: the first one ends on top."""
        cards = list(cards)
        return self._move_all(p, cards, p.deck, "puts", rule, dest="onto their deck",
                              top_first=True, note="top card first" if len(cards) > 1 else "")

    def set_aside(self: Game, p: Player, cards: Iterable[Card], rule: str = "set-aside",
                  face_down: bool = False) -> list:
        """``face_down``: only p sees what the cards are (Save, Gear)."""
        return self._move_all(p, cards, p.aside, "sets aside", rule,
                              dest="face down" if face_down else "", private=face_down)

    def to_mat(self: Game, p: Player, card: Card, rule: str = "reserve.tavern-mat",
               expect: Zone | None = None) -> None:
        """"Put this on your Tavern mat": only from where the card is expected (play, unless
        ``expect`` says otherwise); a card that has moved is not found (rule ``card.identity``)."""
        expect = expect or p.play
        if card.zone is expect:
            self._move_all(p, [card], p.mat, "puts", rule, dest="onto their Tavern mat")
        else:
            self.note(p, "cannot put", (card.name,), "onto their Tavern mat",
                      note=f"it is {card.zone.at}, not {expect.at}", rule="card.identity")

    def turn_journey(self: Game, p: Player) -> bool:
        """Turn p's Journey token over; True if it is now face up (rule ``token.journey``)."""
        p.journey_up = not p.journey_up
        self.note(p, "turns their Journey token " + ("face up" if p.journey_up else "face down"),
                  rule="token.journey")
        return p.journey_up

    def minus_card_token(self: Game, q: Player) -> None:
        """Put q's -1 Card token on their deck; one that is there already stays, once."""
        if q.minus_card:
            self.note(q, "already has their -1 Card token on their deck", note="no effect",
                      rule="token.one-each")
            return
        q.minus_card = True
        self.note(q, "puts their -1 Card token on their deck", rule="token.minus-card")

    def minus_coin_token(self: Game, q: Player) -> None:
        """q takes their -$1 token; a player who has it already keeps just the one."""
        if q.minus_coin:
            self.note(q, "already has their -$1 token", note="no effect", rule="token.one-each")
            return
        q.minus_coin = True
        self.note(q, "takes their -$1 token", rule="token.minus-coin")

    def return_to_pile(self: Game, p: Player | None, card: Card,
                       rule: str = "return-to-pile") -> None:
        pile = self.state.pile(card.name)
        self._move_all(p, [card], pile, "returns", rule, dest="to its pile")

    # -- gaining ----------------------------------------------------------------------------
    def gain_copy(self: Game, p: Player, name: str, rule: str = "gain"):
        """Gain a copy of a card (generator): only from its Supply pile; a non-Supply card
        such as a Traveller's upgrade gives nothing (rule ``gain.supply-only``)."""
        if name not in self.state.supply:
            self.note(p, "gains no copy of", (name,), note="it is not in the Supply",
                      rule="gain.supply-only")
            return None
        return (yield from self.gain(p, name, rule=rule))

    def gain(self: Game, p: Player, name: str, to: str = "discard", rule: str = "gain",
             bought: bool = False, by: str | None = None, card: Card | None = None,
             overpaid: int = 0):
        """Gain the top card of the pile named ``name`` (generator; returns the card or None),
        or ``card`` itself from where it is (the Black Market deck).

        ``to`` is ``discard``, ``hand`` or ``deck``; ``by`` names what made the gain;
        ``overpaid``: the $ overpaid in buying it (rule ``buy.overpay``). When-gain abilities
        follow (rule ``gain``), ``bought`` telling them the gainer bought it. On a Possession
        turn what the turn player would gain the possessing player gains instead, into their
        discard pile (``possession.gain``): a card it gains that way is not one it bought.
        """
        if card is None:
            pile = self.state.pile(name)
            if pile is None or not pile.cards:
                self.note(p, "gains nothing", note=f"the {name} pile is empty",
                          rule="gain.empty")
                return None
            card = pile.cards[-1]
        t = self.state.turn
        if t.controller is not None and p is t.player:  # a Possession turn: the possessor
            p, to = t.controller, "discard"             # gains it, into their discard pile
            where, rule = f"instead of {t.player.name}", "possession.gain"
            bought = False  # the possessed player bought it, not its gainer ("a card they bought")
        else:
            if to == "discard" and card.d.gained_to != "discard":  # Night cards: "to your
                to, rule = card.d.gained_to, "gain.instead-of-discard"  # hand (instead...)"
            where = GAINED_TO[to]  # a KeyError for another ``to``
        move(card, getattr(p, to))
        self.note(p, "gains", (card.name,), where, rule=rule)
        nth_in_buy_phase = 0  # which card this is of those p gained in their Buy phase
        if t.player is p:
            t.gained += 1
            if t.phase == "buy":
                t.buy_phase_gains += 1
                nth_in_buy_phase = t.buy_phase_gains
        yield from self.gained(p, card, {"card": card, "bought": bought, "by": by,
                                         "nth_in_buy_phase": nth_in_buy_phase,
                                         "overpaid": overpaid})
        return card
