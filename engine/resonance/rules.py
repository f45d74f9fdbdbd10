"""Resonance rules on the shared engine contract.

Section numbers are the rulebook's (§4.2.6, App C 7.6); A-n are the design notes' rulings. The opposed
roll and Support pipeline live in combat.py (with augment.py and resolve.py); keyword classes in keywords.py;
shared effects in effects.py.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Action, Decision, Event, Game, IllegalAction, Outcome
from engine.core.rng import commitment

from . import combat
from . import effects as E
from . import keywords as K
from .actions import Act, Choose, Deploy, EndTurn, Equip, Karma, Pick, ResAction, UseTag
from .cards import COLOURS, catalog
from .prompts import hand_options
from .resolve import survivor_possible, use_survivor
from .state import Ask, Player, ResState, Unit

HAND_SIZE = 5
PICKS = {2: 5, 3: 3, 4: 2}  # §3.2: modules each player drafts
PRIVATE_KINDS = {"codex_primary", "codex_secondary", "codex_drop", "refresh", "fuel", "react", "extra", "reactive",
                 "trickster", "survivor", "adaptive_discard", "brawler", "charismatic_discard", "trickster_reply",
                 "awkward", "splash_brawler"}


class ResConfig(BaseModel):
    # quick: notes §3.4 pre-built decks, no draft prompts. The lobby's generic quick_setup switch sends
    # "auto" / "choose", read as quick / draft.
    setup: Literal["draft", "quick", "auto", "choose"] = "draft"
    max_rounds: int = Field(default=60, ge=1, le=500)

    @property
    def quick(self) -> bool:
        return self.setup in ("quick", "auto")


def codex_pool(primary: int, secondaries: list[int]) -> list[str]:
    """§3.3.3: the primary colour's blocks 2-5 and all five blocks of each secondary colour."""
    return [f"X{primary}-{t}" for t in range(2, 6)] + [f"X{c}-{t}" for c in secondaries for t in range(1, 6)]


class Resonance(Game):
    id = "resonance"
    title = "Resonance Card Game"
    min_players = 2
    max_players = 4
    state_model = ResState
    action_model = ResAction

    def config_model(self):
        return ResConfig

    # --- setup (§3) -------------------------------------------------------------------------
    def setup(self, config: dict, seats: list[str], seed: str) -> ResState:
        if not 2 <= len(seats) <= 4:
            raise IllegalAction("Resonance is played by 2 to 4 players.", "3.2")
        cfg = ResConfig.model_validate(config or {})
        s = ResState(seats=list(seats), rng={"seed": seed}, seed_commitment=commitment(seed),
                     players=[Player(seat=i, name=n) for i, n in enumerate(seats)], max_rounds=cfg.max_rounds)
        for i in range(len(seats)):
            s.units[f"P{i}"] = Unit(uid=f"P{i}", owner=i, kind="player")
        events: list[Event] = [Event(text=f"Resonance begins: {', '.join(seats)}. Each Player has 10 HP, 10 EN "
                                          "and Focus 1.")]
        self._roll_first(s, events)
        s.pool = sorted(catalog().modules)
        if cfg.quick:
            self._quick_setup(s, events)
        else:
            picks = PICKS[len(seats)]
            s.draft_order = [seat for _ in range(picks) for seat in s.order_from(s.first)]
            s.phase = "draft"
            self._next_draft(s, events)
        self._publish(s)
        s.recent = events[-s.RECENT_KEEP:]
        return s

    def _roll_first(self, s: ResState, events: list[Event]) -> None:
        """Every player rolls a d10, highest first, ties re-roll (A-45)."""
        while True:
            rolls = [s.rng.die(10) for _ in s.players]
            events.append(Event(kind="roll", data={"dice": rolls}, text="Starting player roll (d10): " + ", ".join(
                f"{p.name} {r}" for p, r in zip(s.players, rolls, strict=True)) + "."))
            if rolls.count(max(rolls)) == 1:
                s.first = s.active = rolls.index(max(rolls))
                events.append(Event(text=f"{s.players[s.first].name} goes first."))
                return

    def _quick_setup(self, s: ResState, events: list[Event]) -> None:
        """Notes §3.4: the ten Paragon modules, and per player a pre-built Codex deck."""
        mods = [m.id for m in catalog().modules.values() if m.kind == "paragon"]
        colours = list(range(10))
        s.rng.shuffle(colours)
        for p in s.players:
            c = colours[p.seat]
            p.primary, p.secondaries = c, [(c + 1) % 10, (c + 2) % 10]
            drop = {f"X{c}-5", f"X{(c + 1) % 10}-5", f"X{(c + 2) % 10}-5", f"X{(c + 2) % 10}-4"}
            p.codex_deck = [b for b in codex_pool(c, p.secondaries) if b not in drop]
            p.codex_dropped = sorted(drop)
        self._build_deck(s, mods, events)
        self._finish_codex(s, events)

    def _next_draft(self, s: ResState, events: list[Event]) -> None:
        if s.draft_order:
            seat = s.draft_order[0]
            opts = [(str(m), f"{catalog().modules[m].name} (module {m})") for m in s.pool]
            s.ask = Ask(seat=seat, kind="draft", prompt=f"{s.players[seat].name}: draft a Faction Module (§3.2)",
                        options=opts)
            return
        chosen = [m for p in s.players for m in p.modules]
        rest = list(s.pool)
        s.rng.shuffle(rest)
        chaos = rest[: 10 - len(chosen)]
        if chaos:
            events.append(Event(kind="shuffle", text="Chaos slot(s) filled at random: " + ", ".join(
                catalog().modules[m].name for m in chaos) + " (§3.2.3)."))
        self._build_deck(s, chosen + chaos, events)
        s.phase = "codex"
        self._next_codex(s, events)

    def _build_deck(self, s: ResState, mods: list[int], events: list[Event]) -> None:
        s.main_deck = [c.id for m in mods for c in catalog().modules[m].cards]
        s.rng.shuffle(s.main_deck)
        events.append(Event(kind="shuffle", text="The Main Deck is shuffled from: " + ", ".join(
            catalog().modules[m].name for m in mods) + "."))

    def _next_codex(self, s: ResState, events: list[Event]) -> None:
        """Each player in turn, privately: Primary, two Secondaries, then 4 of 14 blocks to leave out (A-14)."""
        for seat in s.order_from(s.first):
            p = s.players[seat]
            if p.primary is None:
                opts = [(str(c), f"Primary colour {COLOURS[c]} ({c})") for c in range(10)]
                s.ask = Ask(seat=seat, kind="codex_primary", prompt=f"{p.name}: choose your Primary colour (§3.3.2)",
                            options=opts, private=True)
                return
            if len(p.secondaries) < 2:
                opts = [(str(c), f"Secondary colour {COLOURS[c]} ({c})") for c in range(10)
                        if c != p.primary and c not in p.secondaries]
                s.ask = Ask(seat=seat, kind="codex_secondary", prompt=f"{p.name}: choose a Secondary colour (§3.3.3)",
                            options=opts, private=True)
                return
            pool = [b for b in codex_pool(p.primary, p.secondaries) if b not in p.codex_dropped]
            if len(pool) > 10:
                opts = [(b, f"Leave out {catalog().codex[b].name}") for b in pool]
                s.ask = Ask(seat=seat, kind="codex_drop", options=opts, private=True,
                            prompt=f"{p.name}: leave out {len(pool) - 10} more Codex block(s) of 14 (§3.3.3)")
                return
            if not p.codex_deck:
                p.codex_deck = pool
        s.ask = None
        self._finish_codex(s, events)

    def _finish_codex(self, s: ResState, events: list[Event]) -> None:
        for p in s.players:
            s.rng.shuffle(p.codex_deck)
            p.active_codex = [f"X{p.primary}-1"]
            events.append(Event(text=f"{p.name} takes Primary colour {COLOURS[p.primary]}: "
                                     f"{catalog().codex[p.active_codex[0]].name} is active."))
            events.append(Event(text="Your Personal Codex deck: " + ", ".join(
                catalog().codex[b].name for b in sorted(p.codex_deck)) + ".", visible_to=[p.seat]))
        for seat in s.order_from(s.first):
            E.draw_cards(s, seat, HAND_SIZE, events, "draws an opening hand of")
        s.phase = "play"
        s.active = s.first
        self._start_turn(s, events)

    # --- turn structure (§4.1, notes item 7) ---------------------------------------------
    def _start_turn(self, s: ResState, events: list[Event]) -> None:
        seat = s.active
        p = s.players[seat]
        events.append(Event(text=f"Round {s.round}, {p.name}'s turn."))
        for u in K.side_units(s, seat):
            u.leader = 0  # Leader ends at its controller's next turn
            u.acrobatic = False
            if K.tag_active(s, u, "Regen"):
                E.remove_markers(s, u, 1, events, "Regen Tag")
        for u in list(K.side_units(s, seat)):
            E.check_destroyed(s, u, events, None)  # Leader bonuses ended
        if not s.first_turn:
            gain = min(K.focus(s, s.units[f"P{seat}"]), 10 - p.en)
            p.en += max(0, gain)
            events.append(Event(text=f"{p.name} gains {max(0, gain)} EN (now {p.en})."))
        s.combat = None
        self._ask_slow(s, events)

    def _ask_slow(self, s: ResState, events: list[Event]) -> None:
        """App D 6: for each Slow-tagged unit the controller may pay 1 EN to remove the tag, then units ready."""
        p = s.players[s.active]
        slow = [u for u in K.side_units(s, s.active)
                if K.tag_active(s, u, "Slow") and not E.locked(s, u, "Slow") and u.uid not in s.slow_kept]
        if slow and p.en >= 1:
            s.ask = Ask(seat=s.active, kind="slow", prompt=f"{p.name}: Ready Phase - pay 1 EN to remove a Slow Tag?",
                        options=[(f"pay:{u.uid}", f"Pay 1 EN: free {E.name(s, u.uid)}") for u in slow]
                        + [("no", "Keep the Slow Tag" + ("s" if len(slow) > 1 else ""))])
            return
        s.slow_kept = []
        self._ready_units(s)

    def _ans_slow(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        p = s.players[s.active]
        if option == "no":
            s.slow_kept = [o[4:] for o, _ in ask.options if o.startswith("pay:")]
        else:
            u = s.units[option[4:]]
            p.en -= 1
            E.remove_tag(u, "Slow")
            events.append(Event(text=f"{p.name} pays 1 EN to remove the Slow Tag from {E.name(s, u.uid)}."))
        self._ask_slow(s, events)

    def _ready_units(self, s: ResState) -> None:
        p = s.players[s.active]
        for u in K.side_units(s, s.active):
            stuck = u.suppressed or K.tag_active(s, u, "Slow") or u.no_ready
            if u.kind == "player":
                p.tokens = 1 if stuck else 0
            elif not stuck:
                u.spent = False
            u.no_ready = False  # the Impact lock is used up by this Ready Phase

    def _end_turn(self, s: ResState, events: list[Event]) -> None:
        """End Phase: hand to exactly 5 (owner picks discards), tag hooks, then the next player."""
        p = s.players[s.active]
        if len(p.hand) > HAND_SIZE:
            self._ask_refresh(s)
            return
        if len(p.hand) < HAND_SIZE:
            E.draw_cards(s, s.active, HAND_SIZE - len(p.hand), events, "refreshes their hand, drawing")
        me = s.units[f"P{s.active}"]
        if me.suppressed and me.suppressed_turn < s.turn:
            me.suppressed = False  # a Suppressed Player recovers after one full turn of its own
            events.append(Event(text=f"{p.name} is no longer Suppressed (A-27)."))
        for u in s.units.values():  # Lingering locks run out at the end of the controller's next turn
            for t in [t for t, until in u.locked.items() if until <= s.turn and u.owner == s.active]:
                u.locked.pop(t)
        self._next_player(s, events)

    def _ask_refresh(self, s: ResState) -> None:
        p = s.players[s.active]
        opts = [(c, f"Discard {E.card_name(c)}") for c in dict.fromkeys(p.hand)]
        s.ask = Ask(seat=s.active, kind="refresh", options=opts, private=True,
                    prompt=f"{p.name}: discard down to {HAND_SIZE} cards ({len(p.hand) - HAND_SIZE} more, §2.7)")

    def _next_player(self, s: ResState, events: list[Event]) -> None:
        n = len(s.players)
        nxt = (s.active + 1) % n
        s.first_turn = False
        s.turn += 1
        if nxt == s.first:
            s.round += 1
            if s.round > s.max_rounds:
                self._finish_by_rounds(s, events)
                return
        s.active = nxt
        self._start_turn(s, events)

    def _finish_by_rounds(self, s: ResState, events: list[Event]) -> None:
        """RULINGS (round cap): after max_rounds the Player(s) with the most HP left win; a full tie is a draw."""
        left = {p.seat: K.max_hp(s, s.units[f"P{p.seat}"]) - s.units[f"P{p.seat}"].damage for p in s.players}
        best = max(left.values())
        winners = [seat for seat, hp in left.items() if hp == best]
        hp_text = ", ".join(f"{s.players[seat].name} {hp}" for seat, hp in left.items())
        if len(winners) == len(s.players):
            s.finished = Outcome(draw=True, reason=f"Round limit reached with equal HP ({hp_text}): a draw.")
        else:
            s.finished = Outcome(winners=winners, reason=f"Round limit reached; HP left: {hp_text}. "
                                 + " and ".join(s.players[w].name for w in winners) + " win on HP.")
        s.phase = "over"
        events.append(Event(kind="end", text=s.finished.reason))

    # --- who is asked ---------------------------------------------------------------------
    def _publish(self, s: ResState) -> None:
        if s.finished:
            s.pending = []
        elif s.ask:
            s.pending = [Decision(seat=s.ask.seat, kind=s.ask.kind, prompt=s.ask.prompt, private=s.ask.private)]
        else:
            s.pending = [Decision(seat=s.active, kind="turn", prompt=f"{s.players[s.active].name}: take actions or "
                                                                       "end your turn")]

    # --- legal actions ---------------------------------------------------------------------
    def legal_actions(self, s: ResState, seat: int) -> list[Action]:
        if s.finished or seat not in self.to_act(s):
            return []
        if s.ask:
            cls = Pick if s.ask.private or s.ask.kind in PRIVATE_KINDS else Choose
            return [cls(seat=seat, kind=s.ask.kind, option=o, text=t) for o, t in s.ask.options]
        return self._menu(s, seat)

    def _menu(self, s: ResState, seat: int) -> list[Action]:
        out: list[Action] = []
        for u in K.side_units(s, seat):
            if can_act(s, u):
                out += self._unit_actions(s, u)
        out += self._player_actions(s, seat)
        out += self._karma_actions(s, seat)
        out.append(EndTurn(seat=seat))
        return out

    def _unit_actions(self, s: ResState, u: Unit) -> list[Action]:
        seat, who = u.owner, E.name(s, u.uid)
        out: list[Action] = []
        if can_attack(s, u):
            pair = bool(cs_pairs(s, seat)) and can_cs(s, u)
            for t in attack_targets(s, u):
                cost = stealth_cost(s, seat, [t])
                if s.players[seat].en < cost or not enough_fuel(s, u, t):
                    continue
                extra = f" (+{cost} EN)" if cost else ""
                out.append(Act(seat=seat, actor=u.uid, what="attack", target=t,
                               text=f"{who}: Attack {E.name(s, t)}{extra}"))
                if pair and (s.players[seat].en >= cost):
                    out.append(Act(seat=seat, actor=u.uid, what="cs", target=t,
                                   text=f"{who}: Critical Strike {E.name(s, t)}{extra}"))
        for t in K.side_units(s, seat):
            if t.damage or t.uid == u.uid or support_keywords(s, u):
                out.append(Act(seat=seat, actor=u.uid, what="support", target=t.uid,
                               text=f"{who}: Support {E.name(s, t.uid)} (-1 damage)"))
        out.append(Act(seat=seat, actor=u.uid, what="purge", text=f"{who}: Purge (-1 damage, may drop a Status Tag)"))
        out.append(Act(seat=seat, actor=u.uid, what="charge", text=f"{who}: Charge (+1 EN)"))
        return out

    def _player_actions(self, s: ResState, seat: int) -> list[Action]:
        me = s.units[f"P{seat}"]
        p = s.players[seat]
        if not can_act(s, me):
            return []
        out: list[Action] = []
        if K.command_count(s, seat) < K.focus(s, me):
            for c in dict.fromkeys(p.hand):
                cd = K.card(c)
                if cd.kind == "animation" and p.en >= deploy_cost(s, seat, c):
                    out.append(Deploy(seat=seat, card=c, text=f"Deploy {cd.name} (P{cd.power}/F{cd.focus}, "
                                                               f"{deploy_cost(s, seat, c)} EN)"))
        holders = [t for t in K.side_units(s, seat) if len(t.items) < K.item_limit(s, t)]
        for c in dict.fromkeys(p.hand):
            cd = K.card(c)
            if cd.kind == "item" and p.en >= equip_cost(s, seat, c):
                out += [Equip(seat=seat, item=c, target=t.uid,
                              text=f"Equip {cd.name} ({equip_cost(s, seat, c)} EN) to {E.name(s, t.uid)}")
                        for t in holders]
        for t in K.side_units(s, seat):
            for i in t.items:
                out += [Equip(seat=seat, item=i, target=h.uid, text=f"Move {K.card(i).name} to {E.name(s, h.uid)}")
                        for h in holders if h.uid != t.uid]
        return out

    def _karma_actions(self, s: ResState, seat: int) -> list[Action]:
        p = s.players[seat]
        out: list[Action] = []
        if p.karma >= 1:
            out.append(Karma(seat=seat, spend="overclock"))
            for u in K.side_units(s, seat):
                if (K.is_spent(s, u) or u.suppressed) and u.readied_turn != s.turn:
                    out.append(Karma(seat=seat, spend="reengage", unit=u.uid,
                                     text=f"Re-engage {E.name(s, u.uid)} (1 Karma)"))
        if p.karma >= 3 and p.codex_deck:
            out.append(Karma(seat=seat, spend="acquire"))
        if p.karma >= p.base_focus + 1:
            out.append(Karma(seat=seat, spend="refine", text=f"Refine Focus to {p.base_focus + 1} "
                                                               f"({p.base_focus + 1} Karma)"))
        for u in K.side_units(s, seat):
            if u.readied_turn == s.turn:
                continue
            if "Haste" in u.tags and K.is_spent(s, u) and not u.suppressed:
                out.append(UseTag(seat=seat, unit=u.uid, tag="Haste", text=f"Haste Tag: ready {E.name(s, u.uid)}"))
            if "Liberate" in u.tags and u.suppressed:
                out.append(UseTag(seat=seat, unit=u.uid, tag="Liberate",
                                  text=f"Liberate Tag: un-suppress {E.name(s, u.uid)}"))
        return out

    # --- applying moves ---------------------------------------------------------------------
    def step(self, s: ResState, action: Action) -> list[Event]:
        events: list[Event] = []
        getattr(self, f"_do_{action.type}")(s, action, events)
        self._settle(s, events)
        self._publish(s)
        return events

    def _settle(self, s: ResState, events: list[Event]) -> None:
        """Continue whatever flow was waiting until someone must choose."""
        for _ in range(200):
            if s.finished or s.ask:
                return
            if s.queue:  # triggers raised mid-action (Stubborn, a held Blight marker) are answered first
                s.ask = s.queue.pop(0)
                continue
            if s.combat:
                combat.run(self, s, events)
                continue
            return

    def _do_choose(self, s: ResState, a: Choose, events: list[Event]) -> None:
        ask = s.ask
        s.ask = None
        handler = getattr(self, f"_ans_{ask.kind}", None)
        if handler:
            handler(s, ask, a.option, events)
        else:  # a combat prompt: the pipeline reads the answer when it resumes
            s.combat.params["@" + ask.kind] = a.option

    _do_pick = _do_choose

    def _ans_draft(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        m = int(option)
        s.pool.remove(m)
        s.players[ask.seat].modules.append(m)
        s.draft_order.pop(0)
        events.append(Event(text=f"{s.players[ask.seat].name} drafts {catalog().modules[m].name}."))
        self._next_draft(s, events)

    def _ans_codex_primary(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        s.players[ask.seat].primary = int(option)
        self._next_codex(s, events)

    def _ans_codex_secondary(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        s.players[ask.seat].secondaries.append(int(option))
        self._next_codex(s, events)

    def _ans_codex_drop(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        s.players[ask.seat].codex_dropped.append(option)
        self._next_codex(s, events)

    def _ans_refresh(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        E.discard_from_hand(s, ask.seat, option, events, "hand refresh")
        self._end_turn(s, events)

    def _ans_bane(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        uid, colour = option.split(":")
        if uid in s.units:
            s.units[uid].bane = int(colour)
            events.append(Event(text=f"{E.name(s, uid)} takes Bane against {COLOURS[int(colour)]}."))

    def _ans_immunized(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        s.players[ask.seat].immunized.append(option)
        events.append(Event(text=f"{s.players[ask.seat].name}'s units are Immunized against the {option} Tag."))

    def _ans_aware(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        if option == "yes":
            s.players[ask.seat].en -= 1
            E.draw_cards(s, ask.seat, 1, events, "pays 1 EN for Aware and draws")

    def _ans_charismatic(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        if option == "no":
            return
        foe = int(option)
        opts = [(f"card:{c}", f"Discard {E.card_name(c)}") for c in dict.fromkeys(s.players[foe].hand)]
        if opts:
            s.queue.insert(0, Ask(seat=foe, kind="charismatic_discard", options=opts, private=True,
                                  prompt=f"{s.players[foe].name}: Charismatic makes you discard a card"))

    def _ans_charismatic_discard(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        E.discard_from_hand(s, ask.seat, option[5:], events, "Charismatic")

    def _ans_purge(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        uid, _, tag = option.partition("|")
        u = s.units[uid]
        if tag:
            E.remove_tag(u, tag)
            events.append(Event(text=f"{E.name(s, uid)} removes its {tag} Tag."))
        after_action(s, u, events)

    def _ans_stubborn(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        if option == "yes":
            E.draw_cards(s, ask.seat, 1, events, "draws with Stubborn")

    def _ans_survivor(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        """A Blight marker held for the Survivor answer; in an attack the pipeline reads the answer itself."""
        if s.held is None:
            s.combat.params["@survivor"] = option
            return
        u = s.units.get(s.held)
        s.held = None
        if u is None:
            return
        if option.startswith("card:"):
            use_survivor(s, u, option[5:], events)
        else:
            E.place_markers(s, u, 1, events, "Blight Tag", None)

    def _ans_sensor(self, s: ResState, ask: Ask, option: str, events: list[Event]) -> None:
        if option == "bottom" and s.main_deck:
            s.main_deck.append(s.main_deck.pop(0))
            events.append(Event(text=f"{s.players[ask.seat].name} puts the top card of the Main Deck on the bottom."))

    def _do_end_turn(self, s: ResState, a: EndTurn, events: list[Event]) -> None:
        events.append(Event(text=f"{s.players[a.seat].name} ends their turn."))
        self._end_turn(s, events)

    def _do_act(self, s: ResState, a: Act, events: list[Event]) -> None:
        u = s.units[a.actor]
        E.spend(s, u)  # spent at declaration
        if a.what in ("attack", "cs", "support"):
            combat.declare(self, s, a, events)
            return
        who = E.name(s, u.uid)
        if a.what == "purge":
            events.append(Event(text=f"{who} Purges."))
            E.remove_markers(s, u, 1, events, "Purge")
            st = [t for t in u.tags if t in K.STATUS_TAGS and not E.locked(s, u, t)]
            if st:  # §4.2.4: the controller may then remove one Status Tag of its choice
                s.ask = Ask(seat=a.seat, kind="purge", prompt=f"Purge: remove a Status Tag from {who}?",
                            options=[(f"{u.uid}|{t}", f"Remove the {t} Tag") for t in st]
                            + [(f"{u.uid}|", "Keep the tags")])
                return
        elif a.what == "charge":
            p = s.players[a.seat]
            gain = 1
            if u.kind != "player" and K.tag_active(s, u, "Charge"):
                gain += 1  # App D 11, A-25: only an Animation's Charge uses the tag
                E.remove_tag(u, "Charge")
            p.en = min(10, p.en + gain)
            events.append(Event(text=f"{who} Charges: {p.name} gains {gain} EN (now {p.en})."))
        after_action(s, u, events)

    def _do_deploy(self, s: ResState, a: Deploy, events: list[Event]) -> None:
        p = s.players[a.seat]
        me = s.units[f"P{a.seat}"]
        E.spend(s, me)
        cost = deploy_cost(s, a.seat, a.card)
        p.en -= cost
        p.hand.remove(a.card)
        u = Unit(uid=a.card, owner=a.seat, kind="animation", card=a.card, spent=True)
        s.units[a.card] = u
        if "2.4" in K.printed(s, u):
            u.spent = False  # §2.14, A-24: innate Haste enters readied
        events.append(Event(text=f"{p.name} deploys {E.name(s, a.card)} for {cost} EN"
                                 f"{' (readied by Haste)' if not u.spent else ''}."))
        self._entry_choices(s, u, K.card(a.card).keywords)
        if K.side_has(s, a.seat, "5.1") and s.main_deck:
            top = s.main_deck[0]
            events.append(Event(text=f"Sensor: the top card is {E.card_name(top)}.", visible_to=[a.seat]))
            s.queue.append(Ask(seat=a.seat, kind="sensor", private=True, prompt="Sensor: keep the top card?",
                               options=[("keep", f"Leave {E.card_name(top)} on top"),
                                        ("bottom", f"Put {E.card_name(top)} on the bottom")]))
        if K.side_has(s, a.seat, "8.1"):
            foes = [f for f in s.order_from(a.seat)[1:] if s.players[f].alive and s.players[f].hand]
            if foes:
                s.queue.append(Ask(seat=a.seat, kind="charismatic", prompt="Charismatic: make an opponent discard?",
                                   options=[(str(f), f"{s.players[f].name} discards a card") for f in foes]
                                   + [("no", "Nobody")]))
        after_action(s, me, events)

    def _entry_choices(self, s: ResState, u: Unit, kws: list[str]) -> None:
        """A-44: Bane's colour and Immunized's tag are chosen when their source enters play or is acquired."""
        if "6.3" in kws and len(s.players[u.owner].immunized) < len(K.STATUS_TAGS):
            self._ask_immunized(s, u.owner)
        if "1.0" in kws and u.bane is None:
            s.queue.append(Ask(seat=u.owner, kind="bane", prompt=f"Bane on {E.name(s, u.uid)}: choose a colour",
                               options=[(f"{u.uid}:{c}", f"Bane: {COLOURS[c]} ({c})") for c in range(10)]))

    def _ask_immunized(self, s: ResState, seat: int) -> None:
        have = s.players[seat].immunized
        s.queue.append(Ask(seat=seat, kind="immunized", prompt="Immunized: choose a Status Tag your units ignore",
                           options=[(t, f"Immune to {t}") for t in sorted(K.STATUS_TAGS) if t not in have]))

    def _do_equip(self, s: ResState, a: Equip, events: list[Event]) -> None:
        p = s.players[a.seat]
        me = s.units[f"P{a.seat}"]
        E.spend(s, me)
        target = s.units[a.target]
        holder = next((u for u in s.units.values() if a.item in u.items), None)
        if holder:  # moving is free
            holder.items.remove(a.item)
            target.items.append(a.item)
            events.append(Event(text=f"{p.name} moves {K.card(a.item).name} to {E.name(s, a.target)}."))
        else:
            cost = equip_cost(s, a.seat, a.item)
            p.en -= cost
            p.hand.remove(a.item)
            target.items.append(a.item)
            events.append(Event(text=f"{p.name} equips {K.card(a.item).name} to {E.name(s, a.target)} for {cost} EN."))
            self._entry_choices(s, target, K.card(a.item).keywords)
            for f in s.order_from(a.seat)[1:]:
                if s.players[f].alive and s.players[f].en >= 1 and K.side_has(s, f, "9.1"):
                    s.queue.append(Ask(seat=f, kind="aware", prompt=f"{s.players[f].name}: Aware - pay 1 EN to draw?",
                                       options=[("yes", "Pay 1 EN, draw 1"), ("no", "No")]))
        after_action(s, me, events)

    def _do_karma(self, s: ResState, a: Karma, events: list[Event]) -> None:
        p = s.players[a.seat]
        if a.spend == "overclock":
            p.karma -= 1
            E.draw_cards(s, a.seat, 1, events, "Overclocks and draws")
        elif a.spend == "reengage":
            p.karma -= 1
            u = s.units[a.unit]
            if u.suppressed:
                u.suppressed = False
                u.readied_turn = s.turn
                if u.kind == "player":
                    p.tokens = 0
                else:
                    u.spent = False
            else:
                E.ready_unit(s, u)
            events.append(Event(text=f"{p.name} spends 1 Karma to Re-engage {E.name(s, a.unit)}."))
        elif a.spend == "acquire":
            p.karma -= 3
            block = p.codex_deck.pop(0)
            p.active_codex.append(block)
            events.append(Event(text=f"{p.name} spends 3 Karma and acquires {catalog().codex[block].name}."))
            kws = catalog().codex[block].keywords
            self._entry_choices(s, s.units[f"P{a.seat}"], list(kws))
        elif a.spend == "refine":
            p.karma -= p.base_focus + 1
            p.base_focus += 1
            events.append(Event(text=f"{p.name} refines Focus to {p.base_focus}."))

    def _do_use_tag(self, s: ResState, a: UseTag, events: list[Event]) -> None:
        u = s.units[a.unit]
        E.remove_tag(u, a.tag)
        if a.tag == "Liberate":
            u.suppressed = False
            u.readied_turn = s.turn
            if u.kind == "player":
                s.players[u.owner].tokens = 0
            else:
                u.spent = False
        else:
            E.ready_unit(s, u)
        events.append(Event(text=f"{E.name(s, a.unit)} uses its {a.tag} Tag and is ready again."))

    # --- the rest of the contract ------------------------------------------------------------
    def view(self, s: ResState, seat: int | None) -> dict:
        from .view import build_view

        return build_view(s, seat)

    def board_text(self, view: dict) -> str:
        from .view import board_text

        return board_text(view)

    def explain_illegal(self, s: ResState, action: Action) -> IllegalAction:
        from .explain import explain

        return explain(self, s, action)

    def ai_action(self, s: ResState, seat: int) -> Action:
        from .ai import choose

        return choose(self, s, seat)

    def standing_answers(self) -> dict[str, dict[str, str]]:
        from .ai import STANDING

        return STANDING

    def standing_action(self, s: ResState, seat: int, kind: str, answer: str) -> Action | None:
        from .ai import standing

        return standing(self, s, seat, kind, answer)

    def timeout_action(self, s: ResState, seat: int) -> Action | None:
        """A prompt left to run out takes the notes' safest no-cost default: no reaction, no payment,
        no extra card; but Survivor is used when it can be (A-27). Other prompts go to the AI."""
        kind = next((d.kind for d in s.pending if d.seat == seat), None)
        if kind == "survivor":
            return self.standing_action(s, seat, kind, "always")
        if kind in NO_COST_ON_TIMEOUT:
            return self.standing_action(s, seat, kind, "never")
        return None


# Prompts whose "never" answer spends nothing (a card, EN): what a timeout chooses for them.
NO_COST_ON_TIMEOUT = ("react", "extra", "reactive", "trickster", "area", "aware", "slow")


# --- queries used by the menu, the pipeline, explain and the AI --------------------------------

def can_act(s: ResState, u: Unit) -> bool:
    return not u.suppressed and not K.is_spent(s, u)


def can_attack(s: ResState, u: Unit) -> bool:
    if s.first_turn and u.owner == s.first:
        return False  # §2.15
    return not K.tag_active(s, u, "Bind")


def can_cs(s: ResState, u: Unit) -> bool:
    if K.has(s, u, "2.0"):
        return False  # Anxious
    return not (u.kind != "player" and "4.2" in K.printed(s, u))  # innate Stoic


def cs_pairs(s: ResState, seat: int) -> list[int]:
    powers = [K.card(c).power for c in s.players[seat].hand]
    return sorted({p for p in powers if powers.count(p) >= 2})


def fuel_free(s: ResState, u: Unit) -> bool:
    """Keywords that let an attack go without a fuel card (Snap, Stoic, Ambience, Area, Translocate)."""
    return any(k in ("2.6", "4.2", "9.8", "7.6", "1.9") for k in K.all_kws(s, u))


def enough_fuel(s: ResState, u: Unit, target: str) -> bool:
    """Cards to declare an Attack: 1 to fuel (2 against Obscure), +1 for Awkward, which is never optional."""
    awkward = 1 if K.has(s, u, "8.0") else 0
    fuel = 2 if K.tag_active(s, s.units[target], "Obscure") else 1
    have = len(s.players[u.owner].hand)
    return have >= fuel + awkward or (fuel_free(s, u) and have >= awkward)


def attack_targets(s: ResState, u: Unit) -> list[str]:
    """Enemy units this actor may attack: Guardian (§2.5) unless Traveller, never Acrobatic ones (A-46)."""
    traveller = "1.1" in K.all_kws(s, u)
    out = []
    for t in s.units.values():
        if t.owner == u.owner or not s.players[t.owner].alive or t.acrobatic:
            continue
        if t.kind == "player" and K.guards(s, t.owner) and not traveller:
            continue
        out.append(t.uid)
    return out


def stealth_cost(s: ResState, seat: int, targets: list[str]) -> int:
    return sum(1 for t in targets if K.has(s, s.units[t], "9.2"))


def deploy_cost(s: ResState, seat: int, c: str) -> int:
    return K.card(c).power + (1 if K.side_has(s, seat, "0.0") else 0)


def equip_cost(s: ResState, seat: int, c: str) -> int:
    cost = K.card(c).power + (1 if K.side_has(s, seat, "0.0") else 0)
    if K.side_has(s, seat, "5.3"):
        cost = max(1, cost - 1)
    return cost


def support_keywords(s: ResState, u: Unit) -> bool:
    return any(k in K.SUPPORT_KWS for k in K.all_kws(s, u))


def after_action(s: ResState, u: Unit, events: list[Event]) -> None:
    """Blight Tag: 1 marker right after each action of the unit (Ageless ignores it). If that marker would
    destroy a Survivor unit, it waits for the controller's Survivor answer (App C 4.1)."""
    if u.uid in s.units and K.tag_active(s, u, "Blight") and not K.side_has(s, u.owner, "4.3"):
        if survivor_possible(s, None, u, 1, attack=False):
            s.held = u.uid
            s.queue.insert(0, Ask(seat=u.owner, kind="survivor", private=True, options=[("no", "No")] + hand_options(
                s, u.owner, "Survive, discarding"), prompt=f"{s.players[u.owner].name}: the Blight marker would "
                f"destroy {E.name(s, u.uid)} - discard a card to survive (Survivor)?"))
            return
        E.place_markers(s, u, 1, events, "Blight Tag", None)
