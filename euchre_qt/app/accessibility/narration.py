"""The table told aloud: every move, trick and result announced in play order, your turn
announced with the focus moved onto it, and any fact of the game spoken on a key.

The narrator is a spectator of the controller's ``TablePresenter``: it hears the table
session's events as the table shows them, so each is said when it is seen. The end of a
hand is said with its summary, in the order the summary shows it (the result, the
dealer's discard, which the summary shows everyone, and the score), and the next deal
when the table deals it, after Continue. What is said goes out before the focus moves, so
a reader says what happened, then where the focus is.

It also follows the controller's redraws (when a person's turn starts), and speaks
through the ``Announcer``. It words nothing itself: every sentence comes from
``session.wording``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAccessible

from ...engine import Action, ActionKind, Card, HandState, Seat, Suit, Trick, play
from ...engine.holdings import played_hands
from ...session import events, wording
from ..play.showing import last_trick
from ..table.state import Shown, Stage, TableState
from .announcer import Announcer

if TYPE_CHECKING:
    from ..play.controller import Controller
    from ..table.scene import TableScene


class Narrator(QObject):
    def __init__(self, controller: Controller, scene: TableScene, announcer: Announcer) -> None:
        super().__init__(announcer)
        self.controller = controller
        self.scene = scene
        self.announcer = announcer
        self._turn_said: tuple[int, int, Seat] | None = None  # (game id, position, seat) announced
        self._dealer_ordered: events.BidMade | None = None  # said with the card picked up
        self._trump: Suit | None = None  # the hand's trump as the table shows it (bowers named)
        self._mine: list[tuple[Action, Suit | None, bool]] = []  # your moves (with trump, dealer): what Undo takes back
        self._taken_back: tuple[Action, Suit | None, bool] | None = None
        controller.presenter.as_shown(self._on_shown)
        controller.changed.connect(self._changed)

    # --- what happens -------------------------------------------------------------------

    def _names(self) -> tuple[str, str, str, str]:
        name = self.controller.settings.name
        return (name(Seat.SOUTH), name(Seat.WEST), name(Seat.NORTH), name(Seat.EAST))

    def _you(self) -> Seat | None:
        """The seat spoken to as "you": the one person at this screen (None when several share it)."""
        people = self.controller.people()
        return next(iter(people)) if len(people) == 1 else None

    def _on_shown(self, shown: Shown) -> None:
        for event in shown.events:
            self._follow(event, shown)
            self._say(event)

    def _follow(self, event: events.Event, shown: Shown) -> None:
        """Keep what the words need: trump as the table shows it, and your moves (Undo names them)."""
        you = self._you()
        if isinstance(event, events.HandDealt):
            self._trump = None
        elif isinstance(event, events.TrumpMade):
            self._trump = event.trump
        elif isinstance(event, events.TableReset):
            self._trump = shown.state.hand.trump
            self._turn_said = None  # a turn taken back is yours again: said again
            if event.why == "undo move" and self._mine:
                self._taken_back = self._mine.pop()
            elif event.why != "undo move":
                self._mine.clear()
        elif isinstance(event, events.BidMade) and event.seat is you:
            self._mine.append((event.action, None, event.dealer))
        elif isinstance(event, events.CardPlayed) and event.seat is you:
            self._mine.append((play(event.card), self._trump, False))
        elif isinstance(event, events.DealerDiscarded) and event.dealer is you:
            down = self._your_discard()
            self._mine.append((Action(ActionKind.DISCARD, card=down), self._trump, True))

    def _your_discard(self) -> Card | None:
        game = self.controller.game
        return game.hand.discarded if game is not None else None

    def _say(self, event: events.Event) -> None:
        """Say what the table shows happened, as the session told it, in order.

        A person's turn is said when the table shows it (``_changed``, with the focus), and
        a refused move is said by the window's message for it, so neither is said twice."""
        if isinstance(event, events.TurnStarted | events.MoveRefused):
            return
        if isinstance(event, events.BidMade) and event.dealer and event.action.kind is ActionKind.ORDER_UP:
            self._dealer_ordered = event  # "Nell picks up the Ace of Clubs", not that and "picks it up"
            return
        names, you = self._names(), self._you()
        if isinstance(event, events.TableReset) and event.why == "undo move":
            taken, self._taken_back = self._taken_back, None
            self.announcer.say(wording.taken_back(*taken) if taken is not None else wording.taken_back(None))
            return
        text = wording.event_sentence(event, names, you, self._trump)
        if text is None:
            return
        if isinstance(event, events.DealerPickedUp):
            ordered, self._dealer_ordered = self._dealer_ordered, None
            if ordered is not None and ordered.action.alone:
                text += ", alone"
        elif isinstance(event, events.DealerDiscarded) and event.dealer is you:
            down = self._your_discard()
            if down is not None:  # your own discard is yours to know
                text = f"You discard the {wording.card_name(down, self._trump)}"
        elif isinstance(event, events.TrickWon):
            text += ". " + wording.tricks_so_far(event.tricks_won)
        elif isinstance(event, events.HandEnded):
            score = f"Score: us {event.scores[0]}, them {event.scores[1]}"
            alone = wording.alone_sentence(event.result, names, you)
            said = [*filter(None, [alone, text]), *self._discard(event.deal_number), score, *self._hands(event)]
            self.announcer.say(". ".join(said))
            self.announcer.flush()  # before the window's title changes to the new score
            return
        self.announcer.say(text)

    def _discard(self, deal_number: int) -> list[str]:
        """The dealer's pick-up and discard of a finished hand, as its summary shows them."""
        game = self.controller.game
        records = game.records if game is not None else []
        final: HandState | None = next((r.final for r in reversed(records) if r.deal_number == deal_number), None)
        if final is None or not final.up_card_taken or final.discarded is None:
            return []
        you = final.dealer is self._you()
        who = "You" if you else self._names()[final.dealer]
        up, down = wording.card_name(final.up_card, final.trump), wording.card_name(final.discarded, final.trump)
        return [f"{who} picked up the {up} and discarded the {down}"]

    def _hands(self, ended: events.HandEnded) -> list[str]:
        """The others' hands as played, which the table shows face up with the summary."""
        game = self.controller.game
        if game is None or not ended.outcome.scored:
            return []
        final: HandState | None = next(
            (r.final for r in reversed(game.records) if r.deal_number == ended.deal_number), None
        )
        if final is None:
            return []
        unknown = game.dealt(ended.deal_number).unknown
        text = wording.hands_fact(played_hands(final), self._names(), self._you(), final.trump, unknown)
        return [text] if text else []

    @Slot()
    def _changed(self) -> None:
        """A person's turn began: say so once, and put the focus where they will act."""
        c = self.controller
        game = c.game
        seat = c.human_seat
        if c.waits_for_continue and c.people():
            self._focus_continue()
            return
        if game is None or seat is None or c.stage is not Stage.HUMAN:
            return
        key = (id(game), len(game.actions), seat)
        if key == self._turn_said:
            return
        self._turn_said = key
        state = c.table_state()
        if state is None:
            return
        self.announcer.say(wording.your_turn(state.hand, state.legal, self._names(), self._you()))
        self.announcer.flush()  # what happened is said before the focus moves
        if QAccessible.isActive():
            first = self._first_control(state)
            if first is not None:
                self.scene.keyboard.set_focus(first)

    def _focus_continue(self) -> None:
        """A hand's summary or a finished trick waits for Continue: once what happened is
        said, the focus goes there (it is the one thing to do). Not where the table moves
        on by itself (a hand thrown in, Auto Play): the button would be gone at once."""
        self.announcer.flush()
        if (
            QAccessible.isActive()
            and "continue" in self.scene.keyboard.focusables()
            and self.scene.keyboard.focus_key != "continue"
        ):
            self.scene.keyboard.set_focus("continue")

    def _first_control(self, state: TableState) -> object:
        """Your first playable card, or the first bid button."""
        legal = state.legal_cards()
        for card in self.scene.keyboard.hand_cards():
            if card in legal:
                return card
        keys = [k for k in self.scene.keyboard.focusables() if isinstance(k, str)]
        return keys[0] if keys else None

    # --- facts on demand ----------------------------------------------------------------

    def speak_fact(self, fact: str) -> bool:
        """Say one fact of the game now (a key was pressed). False if there is no game yet."""
        if fact == "repeat":
            self.announcer.repeat()
            return True
        state = self.controller.table_state()
        if state is None:
            return False
        names, you = self._names(), self._you()
        last = self._last_trick()
        plays = state.pending_trick.plays if state.pending_trick is not None else state.hand.trick
        text = {
            "score": lambda: wording.score_fact(state.scores, state.points_to_win, state.hand, names, you),
            "bids": lambda: wording.bids_fact(state.hand, names, you),
            "trick": lambda: wording.trick_fact(plays, names, you, state.hand.trump),
            "last_trick": lambda: wording.last_trick_fact(last, names, you, self._last_trump()),
            "turn": lambda: wording.turn_fact(state.hand, state.thinking, names, you),
        }[fact]()
        self.announcer.say(text, happened=False)
        return True

    def _last_trump(self) -> Suit | None:
        """Trump of the hand the last trick was played in (the hand before, in a hand's first trick)."""
        game = self.controller.game
        if game is None:
            return None
        if game.hand.tricks or not game.records:
            return game.hand.trump
        return game.records[-1].final.trump

    def _last_trick(self) -> Trick | None:
        game = self.controller.game
        return None if game is None else last_trick(game, self.controller.display)
