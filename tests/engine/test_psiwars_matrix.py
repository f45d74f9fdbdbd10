"""The battle matrix (§6.5.4.3) and formation arithmetic (§6.5.2.1, §6.5.4.3.1-2)."""

import re
from pathlib import Path

import pytest

from engine.psiwars import combat

from .psiwars_helpers import empty_table, put

BOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "psiwars.txt"


def printed_matrix() -> dict[tuple[int, int], str]:
    """Parse the first printed 14x14 grid: rows are defense, columns attack."""
    cells = {}
    for line in BOOK.read_text().splitlines():
        parts = line.split()
        if parts[:2] == ["DEFENDER'S", "STRENGTH"]:
            parts = parts[2:]
        if len(parts) == 15 and parts[0].isdigit() and all(re.fullmatch(r"\d+|W|L", p) for p in parts):
            d = int(parts[0])
            if (1, d) in cells:
                break
            for a, cell in enumerate(parts[1:], start=1):
                cells[(a, d)] = cell
    return cells


@pytest.mark.skipif(not BOOK.exists(), reason="rulebook not beside the project")
def test_formula_reproduces_every_printed_cell():
    cells = printed_matrix()
    assert len(cells) == 196
    assert all(combat.matrix_cell(a, d) == cell for (a, d), cell in cells.items())


def test_book_example_attack_2_against_defense_5_needs_11():
    assert combat.matrix_cell(2, 5) == "11"
    assert combat.win_chance(2, 5) == pytest.approx(3 / 36)


def test_outside_the_printed_range_and_zero_attack():
    assert combat.matrix_cell(0, 0) == "L"  # A = 0 cannot win
    assert combat.matrix_cell(16, 3) == "W"
    assert combat.matrix_cell(1, 20) == "L"
    assert combat.matrix_cell(15, 14) == "7"


def test_stack_sums_both_units_and_their_equipment():
    s = empty_table()
    # Gene-Hound phys 3/1 with Kinetic Blade (+2/+0); Vat Brute phys 3/3 psi 0/1 with Ablative Plating (+0/+2)
    a = put(s, 0, "B01", equipment="E01")
    b = put(s, 0, "B03", equipment="E02")
    assert combat.attack_strength(s, [a, b], "physical") == 3 + 2 + 3
    assert combat.defense_strength(s, [a, b], "physical") == 1 + 3 + 2
    assert combat.attack_strength(s, [a, b], "psionic") == 0
    assert combat.defense_strength(s, [a, b], "psionic") == 1  # only Vat Brute has the screen


def test_equipment_adds_nothing_to_a_screen_its_carrier_lacks():
    s = empty_table()
    hound = put(s, 0, "B01", equipment="E04")  # Quantum Firewall is Cyber; Gene-Hound has no Cyber screen
    assert combat.unit_screen(s, hound, "cyber") is None
    assert not combat.has_screen(s, [hound], "cyber")


def test_disoriented_units_add_defense_but_not_attack():
    s = empty_table()
    a = put(s, 0, "B04")  # psi 4/3
    b = put(s, 0, "B02", disoriented=True)  # psi 2/2
    assert combat.attack_strength(s, [a, b], "psionic") == 4
    assert combat.defense_strength(s, [a, b], "psionic") == 5
