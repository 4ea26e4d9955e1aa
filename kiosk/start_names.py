"""The players' names on the start screen, before anything is journaled: chosen from the club's
roster with the buttons (a picker, kiosk.table), or read from tiles laid out on the board (an offer,
never taken without CONFIRM). A read the players refused with CANCEL is not offered again until
the board has been seen empty."""
from __future__ import annotations

from kiosk.table import NamePicker, NameRead, names_from_board, open_name_picker, step_names
from vision.observation import BoardObservation

Names = tuple[str, str]


class StartNames:
    def __init__(self, roster: tuple[str, ...], min_confidence: float):
        self.roster = roster                        # the club's names the start screen offers (game.roster)
        self.picker: NamePicker | None = None       # choosing the names from the roster, when open
        self.offer: NameRead | None = None          # names read from tiles on the board, awaiting CONFIRM
        self._declined: Names | None = None         # the read CANCEL refused: not offered again
        self._min_confidence = min_confidence

    def choosable(self) -> bool:
        """The roster can be opened: it names two players at least and is not open already."""
        return self.picker is None and len(self.roster) >= 2

    def open_picker(self, current: Names) -> None:
        self.picker = open_name_picker(self.roster, current)

    def button(self, button: str) -> Names | None:
        """A button while the picker is open; the names once both are chosen."""
        if self.picker is None:
            return None
        self.picker, names = step_names(self.picker, button)
        if names is not None:
            self.offer = None
        return names

    def answer_offer(self, take: bool) -> Names | None:
        """CONFIRM (`take`) or CANCEL of the names read; the names when taken."""
        offer = self.offer
        if offer is None:
            return None
        self._declined = None if take else offer.names
        self.offer = None
        return offer.names if take else None

    def seen(self, obs: BoardObservation, current: Names) -> None:
        """A settled view of the board on the start screen: names laid out in tiles become an
        offer; an empty board forgets a declined read."""
        cells = tuple((cell.char(), float(cell.confidence)) for cell in obs.cells)
        read = names_from_board(cells, self._min_confidence)
        if read is None:
            if all(char == "." for char, _ in cells):
                self._declined = None
            return
        if read.names in (current, self._declined):
            return
        self.offer = read

    def close(self) -> None:
        """The game has started: nothing is chosen or offered any more."""
        self.picker = self.offer = None
