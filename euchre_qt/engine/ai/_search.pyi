# The compiled search core (the C files in _search_c/): core.make_compiled_solver and core.compiled_draw use it.
from collections.abc import Sequence

SOURCE_DIGEST: str

class Core:
    def __init__(
        self,
        power: Sequence[int],
        suit_of: Sequence[int],
        trump: int,
        makers_team: int,
        active: Sequence[int],
        habitual_seats: Sequence[int],
        maker: int,
        trumps: int,
        plain: int,
        plain_aces: int,
        top_bit: int,
    ) -> None: ...
    @property
    def nodes(self) -> int: ...
    def set_position(self, hands: list[int], trick: list[tuple[int, int]]) -> None: ...
    def move_values(self, turn: int) -> dict[int, int]: ...
    def move_outcomes(self, turn: int, makers_won: int) -> dict[int, int]: ...
    def band(self, turn: int, makers_won: int) -> int: ...

def draw_deals(
    state: tuple[int, ...],
    holds: Sequence[int],
    room: Sequence[int],
    free: Sequence[int],
    constrained: Sequence[tuple[int, Sequence[int]]],
    tries: int,
    wanted: int,
) -> tuple[list[list[int]], tuple[int, ...]]: ...
def bid_likelihoods(
    worlds: Sequence[Sequence[int]],
    played_by: Sequence[int],
    not_dealt: Sequence[int],
    seats: Sequence[tuple[int, Sequence[tuple[int, int, float, float, float, bool]]]],
    tables: Sequence[tuple[Sequence[float], int, Sequence[int], Sequence[int], Sequence[int], Sequence[int]]],
) -> list[float]: ...
def deal_weights(
    worlds: Sequence[Sequence[int]],
    bids: Sequence[float],
    plays: Sequence[tuple[int, int, int]],
    factors: Sequence[float],
    reads: Sequence[tuple[int, ...]],
    stray: float,
) -> list[float]: ...
