"""A game turn pings each player once: when the edited turn message stands for a new ping."""

from cogs.play import pinged_after, same_turn
from table.models import SeatInfo, Update

ANN, BOB = SeatInfo(seat=0, user_id="1", name="Ann"), SeatInfo(seat=1, user_id="2", name="Bob")
LIVE = ("10", "20", 5)  # channel, message, the version it shows


def update(to_act, *, turn=(3, 0), same=False, start=5) -> Update:
    return Update(game_id=1, version=start + 1, public_events=[], private_events={}, to_act=to_act, finished=False,
                  result_text=None, public_view={}, from_version=start, same_awaited=same, turn_key=turn)


def test_a_reaction_pings_its_owner_and_the_turn_resumes_for_the_active_player_without_a_second_ping():
    pinged = ((3, 0), frozenset({0}))  # Ann's turn message pinged her
    defend = update([BOB])
    assert not same_turn(LIVE, defend, pinged)  # Bob was not pinged this turn: a new message for him
    pinged = pinged_after(pinged, defend, posted=True)
    assert pinged == ((3, 0), frozenset({0, 1}))
    back = update([ANN], start=6)
    assert same_turn(("10", "21", 6), back, pinged)  # Ann's turn goes on: the message is edited
    assert pinged_after(pinged, back, posted=False) == pinged
    again = update([BOB], start=7)
    assert same_turn(("10", "21", 7), again, pinged)  # Bob's second answer this turn: no repeat ping


def test_a_new_game_turn_or_an_unknown_past_pings_again():
    pinged = ((3, 0), frozenset({0, 1}))
    assert not same_turn(LIVE, update([BOB], turn=(3, 1)), pinged)  # Bob's own turn: a new message
    assert not same_turn(LIVE, update([ANN]), (None, frozenset()))  # after a restart nobody is known pinged
    assert not same_turn(LIVE, update([ANN], start=4), pinged)  # the live message shows another version
    assert same_turn(LIVE, update([ANN], same=True), (None, frozenset()))  # the same players act on
    assert pinged_after(pinged, update([BOB], turn=(4, 1)), posted=True) == ((4, 1), frozenset({1}))
