"""What each core event looks like on the timeline: poses and effects at given times, from
the real engine's events where the rules exist (issue 7)."""

import math

import pytest

from arena_game.i18n.narration import dice_line
from arena_game.ui.anim import AnimationQueue, pose_to_draw
from arena_game.ui.anim.pacing import DICE_SHOWN, TUMBLING
from arena_game.ui.anim.strips import FakeClock
from tests.anim_scenes import SCENES


def played(name: str):
    """(queue, clock, before, after, events) for a scene pushed at t = 0."""
    before, after, events = SCENES[name]()
    clock = FakeClock()
    q = AnimationQueue(clock=clock)
    q.push(events, before)
    return q, clock, before, after, events


def advance(q: AnimationQueue, clock: FakeClock, t: float) -> None:
    clock.now = t
    q.update()


def effects(q: AnimationQueue, kind: str):
    return [e for e in q._timeline.effects if e.kind == kind]


def labels(q: AnimationQueue):
    return [(e.data["fighter"], e.text, e.data["sub"]) for e in effects(q, "label")]


def motion_span(q: AnimationQueue, fid: str, index: int = 0):
    m = q._timeline.motions[fid][index]
    return m.start, m.end


def test_r2_1_walk_slides_one_square():
    q, clock, *_ = played("walk")
    start, end = motion_span(q, "aldric")
    advance(q, clock, (start + end) / 2)
    pose = q.token_pose("aldric")
    assert (pose.x, pose.y) == pytest.approx((2.5, 2.5))
    assert q.token_pose("bruna") == pose_to_draw(q, SCENES["walk"]()[0].fighters["bruna"])


def test_r2_3_swim_leaves_ripples_on_each_square_swum():
    q, *_ = played("swim")
    assert [e.at for e in effects(q, "ripple")] == [(2.5, 2.5), (3.5, 2.5), (4.5, 2.5)]
    assert labels(q)[0][1] == "Nage : 3 cases"


def test_r2_4_jump_arcs_over_the_obstacle():
    q, clock, *_ = played("jump")
    start, end = motion_span(q, "aldric")
    advance(q, clock, (start + end) / 2)
    apex = q.token_pose("aldric")
    assert (apex.x, apex.y) == pytest.approx((3.0, 2.0))  # above the crate
    assert apex.offset[1] < -0.5 and apex.scale > 1.2  # up in the air, nearer the eye
    advance(q, clock, end - 1e-6)
    assert (q.token_pose("aldric").x, q.token_pose("aldric").offset[1]) == pytest.approx((4.0, 0.0), abs=1e-4)


def test_r4_run_shows_the_declared_squares_then_dust_behind_the_runner():
    q, *_ = played("run")
    (declared,) = effects(q, "declared")
    assert declared.data["squares"] == [(2, 4), (3, 4), (4, 3)]
    assert [e.at for e in effects(q, "dust")][:3] == [(1.5, 4.5), (2.5, 4.5), (3.5, 4.5)]
    # the tackle roll the runner survives does not stop it: segments follow without a gap
    motions = q._timeline.motions["aldric"]
    assert all(a.end == pytest.approx(b.start) for a, b in zip(motions, motions[1:], strict=False))


def test_r4_7_tackle_stops_the_runner_with_a_shake_and_a_label():
    q, clock, *_ = played("tackle")
    run, shake = q._timeline.motions["aldric"][:2]
    advance(q, clock, run.end)
    assert (q.token_pose("aldric").x, q.token_pose("aldric").y) == (2.0, 2.0)  # stopped at (2, 2)
    offsets = []
    for i in range(1, 10):
        advance(q, clock, shake.start + shake.duration * i / 10)
        pose = q.token_pose("aldric")
        assert (pose.x, pose.y) == (2.0, 2.0)
        offsets.append(pose.offset[0])
    assert max(offsets) > 0.03 and min(offsets) < -0.03
    assert ("aldric", "Tacle !", "par Bruna") in labels(q)


def test_r5_push_slides_back_with_an_impact():
    q, clock, *_ = played("push")
    (impact,) = effects(q, "impact")
    assert impact.at == (3.5, 2.5)
    slide = q._timeline.motions["bruna"][0]
    assert slide.start == pytest.approx(impact.start)
    advance(q, clock, slide.end - 1e-6)
    assert (q.token_pose("bruna").x, q.token_pose("bruna").y) == pytest.approx((4.0, 2.0), abs=1e-4)


def test_r5_2_critical_push_of_three_squares_ends_in_a_fall():
    q, clock, *_ = played("push_fall")
    advance(q, clock, q.remaining - 1e-6)
    pose = q.token_pose("bruna")
    assert (pose.x, pose.y, pose.angle) == pytest.approx((6.0, 2.0, 90.0), abs=1e-3)
    assert ("bruna", "À terre", "se relève au prochain tour (R5.2)") in labels(q)
    assert len([t for _, t, _ in labels(q) if t == "À terre"]) == 1  # Pushed(fell) and Fell: one fall


def test_r5_3_pushed_into_lava_sinks_and_fades():
    q, clock, *_ = played("push_lava")
    (sink,) = effects(q, "sink")
    assert sink.data["terrain"] == "lava"
    sinking = q._timeline.motions["bruna"][-1]
    advance(q, clock, (sinking.start + sinking.end) / 2)
    mid = q.token_pose("bruna")
    assert (mid.x, mid.y) == (4.0, 2.0) and 0.3 < mid.alpha < 0.7 and mid.scale < 0.8
    advance(q, clock, sinking.end + 0.01)
    assert not q.token_pose("bruna").visible
    final = effects(q, "banner")[-1]
    assert (final.text, final.data["sub"]) == ("Fin du match", "victoire de Rouge")


def test_r6_teleport_fades_out_then_appears_at_the_target():
    q, clock, *_ = played("teleport")
    out, back = q._timeline.motions["aldric"]
    advance(q, clock, out.start + out.duration * 0.5)
    leaving = q.token_pose("aldric")
    assert (leaving.x, leaving.y) == (1.0, 1.0) and leaving.alpha < 0.6 and leaving.scale < 0.7
    advance(q, clock, (out.end + back.start) / 2)
    assert not q.token_pose("aldric").visible  # gone between the two
    advance(q, clock, back.start + back.duration * 0.5)
    arriving = q.token_pose("aldric")
    assert (arriving.x, arriving.y) == (6.0, 2.0) and arriving.alpha == pytest.approx(0.5)
    assert [e.data["phase"] for e in effects(q, "teleport")] == ["out", "in"]


def test_r0_4_hit_lunges_flashes_and_floats_the_damage_with_its_location():
    q, clock, *_ = played("attack_hit")
    lunge = q._timeline.motions["aldric"][0]
    advance(q, clock, (lunge.start + lunge.end) / 2)
    assert q.token_pose("aldric").offset[0] > 0.3  # towards Bruna, east
    struck = q._timeline.motions["bruna"][0]
    advance(q, clock, struck.start + 0.01)
    assert q.token_pose("bruna").flash > 0.9
    assert ("bruna", "−8 PV", "tête · reste 12 PV") in labels(q)  # d8 4 + 1 + tête 3


def test_r0_4_miss_says_dodged():
    q, *_ = played("attack_miss")
    assert labels(q) == [("bruna", "Esquivé", "attaque 5, esquive 17 (R0.4)")]  # the totals say why (s59)
    assert effects(q, "impact") == []


def test_r1_ranged_attack_flies_a_shot_to_the_target():
    q, *_ = played("ranged")
    (shot,) = effects(q, "shot")
    assert shot.at == (1.5, 1.5) and shot.data["to"] == (6.5, 3.5)


def test_r8_circle_attack_sweeps_in_the_declared_order():
    q, *_ = played("circle")
    sweeps = effects(q, "sweep")
    # declared order (4, 2) east, (3, 3) south, (2, 1) north-west, around (3, 2)
    assert [s.data["end_angle"] for s in sweeps] == pytest.approx([0.0, 90.0, math.degrees(math.atan2(-1, -1))])
    assert [s.data["start_angle"] for s in sweeps[1:]] == [s.data["end_angle"] for s in sweeps[:-1]]
    assert sweeps == sorted(sweeps, key=lambda s: s.start)
    assert labels(q)[0] == ("carl", "Esquivé", "attaque 15, esquive 18 (R0.4)")  # during the sweep
    assert [f for f, t, _ in labels(q)[1:]] == ["bruna", "dora"]  # the shared damage after it


def test_r0_7_death_fades_the_token_out_and_marks_the_square():
    q, clock, _, after, _ = played("death")
    dying = q._timeline.motions["bruna"][-1]
    advance(q, clock, dying.start + 0.01)
    assert pose_to_draw(q, after.fighters["bruna"]) is not None  # dead in the state, still dying on screen
    advance(q, clock, dying.end + 0.01)
    assert pose_to_draw(q, after.fighters["bruna"]) is None
    assert ("bruna", "Mort", "coup fatal d'Aldric") in labels(q)  # "tué" agreed with a man only (s49); the striker named (s59)
    assert len(effects(q, "death")) == 1


def test_every_roll_shows_its_breakdown():
    q, _, _, _, events = played("attack_hit")
    rolls = [dice_line(e, lang="fr", drawn=True) for e in events if e.type == "dice_rolled"]
    assert [e.text for e in effects(q, "dice")] == rolls
    assert rolls[0].startswith("Attaque : d20\u2002\u200914 + Dextérité")  # the face set apart (s62)
    assert effects(q, "dice")[0].data["face"] == 14


@pytest.mark.parametrize("name", ["attack_hit", "circle", "push_lava"])
def test_r0_2_a_rolls_result_shows_only_once_its_die_has_settled(name):
    """The log line of a roll (and every result after it) waits for the die on screen to stop
    tumbling; until then its caption hides the face and the total."""
    q, _, _, _, events = played(name)
    dice = effects(q, "dice")
    assert dice
    rolls = [i for i, e in enumerate(events) if e.type == "dice_rolled"]
    marks = q._choreo.reached
    for i, shown in zip(rolls, dice, strict=True):
        settled = shown.start + DICE_SHOWN * TUMBLING
        assert marks[i] >= settled - 1e-9
        assert all(m >= settled - 1e-9 for m in marks[i:])
        roll = events[i].roll
        assert shown.data["rolling"] == dice_line(events[i], lang="fr", hidden=True, drawn=True)
        assert f"d{roll.die}\u2002\u2009…" in shown.data["rolling"] and shown.data["rolling"].endswith("= …")
        assert str(roll.total) not in shown.data["rolling"].rsplit("=", 1)[1]


def test_r8_circle_each_foe_dodges_on_screen_before_the_sweep_reaches_it():
    q, *_ = played("circle")
    dodges = {e.data["fighter"]: e for e in effects(q, "dice") if e.text.startswith("Esquive")}
    settled = {fid: e.start + DICE_SHOWN * TUMBLING for fid, e in dodges.items()}
    dodged = next(e for e in effects(q, "label") if e.data["fighter"] == "carl")
    assert dodged.start >= settled["carl"]
    impacts = sorted(effects(q, "impact"), key=lambda e: e.start)  # bruna's and dora's hits
    assert impacts[0].start >= settled["bruna"] and impacts[1].start >= settled["dora"]


@pytest.mark.parametrize(("name", "cheer", "text"), [("taunt", True, "Le public acclame !"),
                                                     ("taunt_fail", False, "Le public siffle…")])
def test_r7_taunt_brings_the_crowds_reaction(name, cheer, text):
    q, *_ = played(name)
    (crowd,) = effects(q, "crowd")
    assert crowd.data["cheer"] is cheer and crowd.text == text
    assert labels(q)[0][1] == "Provocation simple"


def test_r10_faint_lays_the_token_down_and_wake_stands_it_up():
    q, clock, *_ = played("faint_wake")
    advance(q, clock, q.remaining - 1e-6)
    asleep = q.token_pose("aldric")
    assert asleep.angle == pytest.approx(90.0, abs=1e-3) and asleep.alpha == pytest.approx(0.6)
    assert effects(q, "zzz")
    q, clock, *_ = played("wake")
    advance(q, clock, q.remaining - 1e-6)
    awake = q.token_pose("aldric")
    assert awake.angle == pytest.approx(0.0, abs=1e-3) and awake.alpha == pytest.approx(1.0)


def test_turn_change_shows_a_banner_naming_the_next_fighter():
    q, *_ = played("turn_change")
    (banner,) = effects(q, "banner")
    assert banner.text == "Tour de table 1 — Bruna"
    assert q.remaining >= 0.8


@pytest.mark.parametrize("scene", ["tackle", "taunt_team"])
def test_r4_7_r7_2_labels_alive_together_never_overlap(scene, monkeypatch):
    import pygame

    from arena_game.ui.anim import captions, draw

    q, clock, *_ = played(scene)
    label_fx = effects(q, "label")
    blits: list[pygame.Rect] = []
    monkeypatch.setattr(captions, "blit_alpha", lambda surf, img, pos, alpha: blits.append(img.get_rect(topleft=pos)))
    screen = pygame.Surface((800, 600))
    crowded = 0
    for t in sorted({e.start + 0.05 for e in label_fx}):
        alive = sorted((e for e in label_fx if e.start <= t < e.end), key=lambda e: e.start)
        blits.clear()
        draw.draw_effects(screen, [(e, (t - e.start) / e.duration) for e in alive], lambda x, y: (x * 56, y * 56), 56)
        blocks, rest = [], list(blits)
        for e in alive:  # each label is its text, then its sub-line under it
            n = 2 if e.data["sub"] else 1
            blocks.append(rest[0].unionall(rest[1:n]))
            rest = rest[n:]
        for i, a in enumerate(blocks):
            for b in blocks[i + 1:]:
                crowded += 1
                assert not a.inflate(0, -2).colliderect(b.inflate(0, -2)), (t, a, b)
    assert crowded  # several labels really are alive at once (over the runner; over both teammates)


def test_r0_4_a_miss_and_a_kill_say_why_in_english_too():
    """s59 audit: "Dodged / miss" and "Dead / killed" said nothing their main line did not."""
    before, _, events = SCENES["attack_miss"]()
    q = AnimationQueue(clock=FakeClock(), lang="en")
    q.push(events, before)
    assert labels(q) == [("bruna", "Dodged", "attack 5, dodge 17 (R0.4)")]
    before, _, events = SCENES["death"]()
    q = AnimationQueue(clock=FakeClock(), lang="en")
    q.push(events, before)
    assert ("bruna", "Dead", "killed by Aldric") in labels(q)
