"""Component planning stays inside Discord's limits, and custom_ids round-trip."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.components import (
    MAX_CUSTOM_ID,
    Cid,
    SelectSpec,
    check_layout,
    group_actions,
    parse_cid,
    plan_panel,
    plan_picks,
    plan_turn,
    public_actions,
    trim,
)


@dataclass
class A:
    """Stands in for an engine Action: label(), group(), secret, seat."""

    text: str
    grp: str
    secret: bool = False
    seat: int = 0

    def label(self) -> str:
        return self.text

    def group(self) -> str:
        return self.grp


BIG = 10**15 - 1  # store ids are small; the format holds up to 15 digits, far below SQLite's 2**63

cids = st.one_of(
    st.builds(lambda g, v, s, i: Cid("act", g, v, s, i), *[st.integers(0, BIG)] * 4),
    st.builds(lambda g, v, s, i: Cid("pick", g, v, s, i), *[st.integers(0, BIG)] * 4),
    st.builds(lambda g, v, s: Cid("grp", g, v, s), *[st.integers(0, BIG)] * 3),
    st.builds(lambda g, v, s, grp, p: Cid("nav", g, v, s, group=grp, page=p), st.integers(0, BIG),
              st.integers(0, BIG), st.integers(0, BIG), st.none() | st.integers(0, 10**9 - 1), st.integers(0, BIG)),
    st.builds(lambda g, v: Cid("panel", g, v), st.integers(0, BIG), st.integers(0, BIG)),
    st.builds(lambda g: Cid("hand", g), st.integers(0, BIG)),
)


@given(cids)
def test_custom_id_round_trip_and_length(cid):
    text = cid.encode()
    assert len(text) <= MAX_CUSTOM_ID
    assert parse_cid(text) == cid


@pytest.mark.parametrize("junk", ["", "arb", "arb:", "arb:act:1:2:3", "arb:act:1:2:3:x", "xyz:hand:1",
                                  "arb:hand:1:2", "arb:nav:1:2:3:-1:0", "arb:evil:1", "arb:act:1:0:0:-1",
                                  f"arb:hand:{2 ** 63}", "arb:hand:" + "9" * 20, "arb:act:１:0:0:0"])
def test_parse_rejects_foreign_ids(junk):
    assert parse_cid(junk) is None


def test_examples():
    assert Cid("act", 12, 34, 1, 5).encode() == "arb:act:12:34:1:5"
    assert Cid("hand", 12).encode() == "arb:hand:12"
    assert Cid("panel", 12, 34).encode() == "arb:panel:12:34"
    assert parse_cid("arb:nav:1:2:0:-:3") == Cid("nav", 1, 2, 0, group=None, page=3)


def test_trim():
    assert trim("short", 80) == "short"
    long = "Build " + "Gene-Hound [A07] " * 10
    out = trim(long, 80)
    assert len(out) == 80 and out.endswith("…")
    assert trim("a\nb   c", 10) == "a b c"
    assert len(trim("x" * 500, 100)) == 100


labels = st.text(min_size=0, max_size=150)
action_lists = st.integers(1, 200).flatmap(lambda n: st.lists(
    st.builds(A, labels, st.sampled_from([f"G{i}" for i in range(40)]) | labels,
              st.booleans()), min_size=n, max_size=n))


def _reachable(actions, game_id=7, version=3, seat=1):
    """Every layout the panel can show (all groups, all pages); all must fit Discord's limits."""
    seen: set[int] = set()
    layouts = []
    todo = [(None, 0)]
    visited = set()
    while todo:
        group, page = todo.pop()
        if (group, page) in visited:
            continue
        visited.add((group, page))
        rows = plan_panel(actions, game_id, version, seat, group, page)
        layouts.append(rows)
        for row in rows:
            items = row.options if isinstance(row, SelectSpec) else row
            cid_list = [row.custom_id] if isinstance(row, SelectSpec) else [b.custom_id for b in row]
            for cid_text in cid_list:
                cid = parse_cid(cid_text)
                assert cid is not None and cid.game_id == game_id and cid.version == version and cid.seat == seat
                if cid.kind == "act":
                    seen.add(cid.index)
                elif cid.kind == "pick":
                    seen.update(int(o.value) for o in items)
                elif cid.kind == "grp":
                    todo += [(int(o.value), 0) for o in items]
                elif cid.kind == "nav":
                    todo.append((cid.group, cid.page))
    return layouts, seen


@settings(max_examples=150, deadline=None)
@given(action_lists)
def test_panel_layouts_fit_discord_and_reach_every_action(actions):
    layouts, seen = _reachable(actions)
    for rows in layouts:
        check_layout(rows)
        assert 1 <= len(rows) <= 5
    assert seen == set(range(len(actions)))  # nothing is unreachable


@pytest.mark.parametrize("n", [1, 5, 20, 21, 25, 26, 60, 200])
@pytest.mark.parametrize("groups", [1, 3, 6, 30, 200])
def test_panel_sizes(n, groups):
    actions = [A(f"Action {i} " + "x" * (i % 120), f"Group {i % groups}") for i in range(n)]
    layouts, seen = _reachable(actions)
    for rows in layouts:
        check_layout(rows)
    assert seen == set(range(n))


def test_few_actions_are_buttons_grouped_by_row():
    actions = [A("Place a CU", "Creation Units", True), A("End phase", "Turn")]
    rows = plan_panel(actions, 1, 2, 0)
    assert [[b.label for b in row] for row in rows] == [["Place a CU"], ["End phase"]]


def test_group_order_is_first_appearance():
    acts = [A("a", "X"), A("b", "Y"), A("c", "X")]
    assert group_actions(acts) == [("X", [0, 2]), ("Y", [1])]


def test_secret_actions_never_on_public_message():
    acts = [A("Build Secret Card", "Build", True), A("End phase", "Turn"), A("Play Hidden", "Powers", True)]
    rows = plan_turn(1, 2, panel_label="Your move", seat=0, actions=acts)
    check_layout(rows)
    public_ids = [parse_cid(b.custom_id) for row in rows for b in row]
    acted = [c.index for c in public_ids if c.kind == "act"]
    assert acted == [1]
    labels = [b.label for row in rows for b in row]
    assert "Build Secret Card" not in labels and "Play Hidden" not in labels


@given(st.lists(st.builds(A, labels, labels, st.booleans()), max_size=60))
def test_public_turn_message_never_has_secrets(acts):
    rows = plan_turn(3, 4, panel_label="Your move", seat=1, actions=acts)
    check_layout(rows)
    for row in rows:
        for b in row:
            cid = parse_cid(b.custom_id)
            if cid.kind == "act":
                assert not acts[cid.index].secret
    assert len(public_actions(acts)) <= 4


def test_many_public_actions_stay_in_the_panel():
    acts = [A(f"Attack with {i}", "Attack") for i in range(5)]
    assert public_actions(acts) == []
    rows = plan_turn(1, 1, panel_label="Your move", seat=0, actions=acts)
    assert len(rows) == 1  # just Your move + Show my hand


def test_finished_game_has_no_panel_button():
    rows = plan_turn(1, 1, panel_label=None)
    assert [b.label for b in rows[0]] == ["Show my hand"]


def test_check_layout_rejects_bad_layouts():
    from cogs.components import ButtonSpec, OptionSpec

    b = ButtonSpec("arb:hand:1", "x")
    with pytest.raises(ValueError):
        check_layout([(b,)] * 6)
    with pytest.raises(ValueError):
        check_layout([(b, b)])  # duplicate ids
    with pytest.raises(ValueError):
        check_layout([SelectSpec("arb:grp:1:1:1", "p", tuple(OptionSpec("o", str(i)) for i in range(26)))])
    with pytest.raises(ValueError):
        check_layout([(ButtonSpec("arb:hand:1", "y" * 81),)])


def test_group_first_panels_start_from_the_pieces_even_when_few_moves():
    acts = [A("Move to C4", "Knight C3"), A("Move to D4", "Knight C3"), A("Attack Wolf", "Archer E1"),
            A("End turn", "Turn")]
    plain = plan_panel(acts, 1, 2, 0)
    assert all(not isinstance(r, SelectSpec) for r in plain)  # few moves: plain buttons
    rows = plan_panel(acts, 1, 2, 0, group_first=True)
    select = rows[0]
    assert isinstance(select, SelectSpec) and [o.label for o in select.options] == ["Knight C3 (2)"]
    assert [b.label for b in rows[1]] == ["Attack Wolf", "End turn"]  # one-move groups sit beside it
    check_layout(rows)
    inside = plan_panel(acts, 1, 2, 0, 0, group_first=True)
    assert [b.label for row in inside if not isinstance(row, SelectSpec) for b in row][:2] == ["Move to C4",
                                                                                              "Move to D4"]


def test_warned_moves_are_red_buttons_or_marked_options_and_confirm_once():
    from cogs.components import WARN, confirm_buttons, mark_danger

    moves = [A(f"Move {i}", "Moves") for i in range(24)]
    few = plan_panel(moves[:3], 7, 2, 0)
    styles = {b.label: b.style for row in mark_danger(few, {1}) for b in row}
    assert styles == {"Move 0": "primary", "Move 1": "danger", "Move 2": "primary"}
    many = mark_danger(plan_panel(moves, 7, 2, 0), {5})
    options = [o.label for row in many if isinstance(row, SelectSpec) for o in row.options]
    assert options[5] == WARN + "Move 5" and not any(o.startswith(WARN) for i, o in enumerate(options) if i != 5)
    yes, back = confirm_buttons(7, 2, 0, 5, "Move 5")[0]
    assert parse_cid(yes.custom_id) == Cid("ok", 7, 2, 0, 5) and yes.style == "danger"
    assert parse_cid(back.custom_id).kind == "nav" and back.label == "Back"
    check_layout(many)


def test_help_explains_a_game_from_the_registry_and_its_rules_text():
    from cogs.lookup import help_text
    from engine.core.registry import playable_games
    from lookup import default_lookup

    lookup = default_lookup()
    overview = help_text(None, lookup)
    assert all(g.title in overview for g in playable_games()) and "Undo" in overview
    for game in playable_games():
        text = help_text(game.id, lookup)
        assert text.startswith(f"**{game.title}**") and len(text) <= 2000
        assert "How a turn goes" in text, game.id  # every game cites a turn rule that opens


def test_a_choose_n_decision_is_one_select_taking_exactly_n():
    discards = [A(f"Discard card {i}", "Hand limit", True) for i in range(9)]
    [row] = plan_picks(discards, 7, 3, 1, 2)
    check_layout([row])
    assert row.min_values == row.max_values == 2 and [o.value for o in row.options] == [str(i) for i in range(9)]
    assert parse_cid(row.custom_id) == Cid("many", 7, 3, 1)
    assert plan_picks(discards, 7, 3, 1, 1) == []  # one pick: the ordinary panel
    assert plan_picks(discards[:2], 7, 3, 1, 3) == []  # fewer moves than picks: one at a time
    assert plan_picks([A(f"x{i}", "X") for i in range(30)], 7, 3, 1, 2) == []  # more than a select holds
    with pytest.raises(ValueError):
        check_layout([SelectSpec(row.custom_id, "p", row.options[:1], min_values=2, max_values=2)])


def test_up_to_n_takes_one_to_n_and_copies_are_options_of_their_own():
    attackers = [A(f"Attack with unit {i}", "Attack") for i in range(4)] + [A("Done declaring attackers", "Turn")]
    [row] = plan_picks(attackers, 7, 3, 1, 3, upto=True)
    assert (row.min_values, row.max_values) == (1, 3) and row.placeholder == "Choose up to 3"
    assert len(row.options) == 5  # every move listed, "Done" too
    [row] = plan_picks(attackers[:2], 7, 3, 1, 5, upto=True)
    assert row.max_values == 2  # never more than the list holds
    discards = [A("Discard Crown", "Hand limit"), A("Discard Rifle", "Hand limit")]
    [row] = plan_picks(discards, 7, 3, 1, 2, copies=[2, 1])
    assert [(o.label, o.value) for o in row.options] == [
        ("Discard Crown", "0"), ("Discard Crown (copy 2)", "0.2"), ("Discard Rifle", "1")]


@pytest.mark.parametrize("n, selects", [(26, 2), (60, 3), (100, 4)])
def test_a_group_of_up_to_a_hundred_moves_is_one_select_per_25_without_pages(n, selects):
    actions = [A(f"Move {i}", "Unit") for i in range(n)] + [A("End turn", "Turn")]
    rows = plan_panel(actions, 7, 3, 1, group=0)
    check_layout(rows)
    picks = [r for r in rows if isinstance(r, SelectSpec)]
    assert len(picks) == selects and sorted(int(o.value) for r in picks for o in r.options) == list(range(n))
    assert [b.label for b in rows[-1]] == ["Back"]  # no ◀ Prev / Next ▶: every move is one choice away


def test_a_group_of_more_than_a_hundred_moves_still_pages():
    actions = [A(f"Move {i}", "Unit") for i in range(101)] + [A("End turn", "Turn")]
    rows = plan_panel(actions, 7, 3, 1, group=0)
    assert [b.label for b in rows[-1]] == ["◀ Prev", "Next ▶", "Back"]
