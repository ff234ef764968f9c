"""Once a lesson is done the board stops inviting moves (s45 review: after "Réussi !" the walk
squares stayed framed, the status line still said "Walk: click a square…" or "Pick an action in
the bar" with every action greyed, and Undo, End turn and New match stayed enabled): the action
is put down, the status line says what comes next, and the buttons that do nothing are greyed."""

from __future__ import annotations

import pytest

from arena_game.i18n import t
from tests.ui_driver import open_lesson

pytestmark = pytest.mark.usefixtures("fresh_pygame")

LEFT_ON = {"fit", "rules"}  # the only buttons that still do something once the lesson is done


def shown_to_the_end(stem: str, lang: str, tmp_path):
    app, lesson = open_lesson(stem, tmp_path / "progress.json", lang)
    app.run(frames=5)
    lesson.show_me()  # played from the start, with the lesson's first action (walk) picked
    for _ in range(60):
        app.run(frames=10)
        if lesson.verdict_shown:
            break
    app.run(frames=10)
    assert lesson.completed and lesson.verdict_shown
    return app, lesson


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("stem, keys", [("taunt", "tutorial.success_keys"), ("02-run", "tutorial.success_keys"),
                                        ("mana", "tutorial.success_keys_last")])
def test_lesson_done_puts_the_action_down_says_what_next_and_greys_what_does_nothing(tmp_path, lang, stem, keys):
    from arena_game.ui.modes import IdleMode

    app, lesson = shown_to_the_end(stem, lang, tmp_path)
    assert isinstance(lesson.mode, IdleMode)
    assert [h for h in lesson.current_highlights() if h.kind != "goal"] == []  # no square invites a move
    status, error = lesson.hud._status
    assert (status, error) == (t(keys, lang), False)
    greyed = {bid for bid, b in lesson.hud.buttons.items() if getattr(b, "refusal", None)}
    assert set(lesson.hud.buttons) - greyed == LEFT_ON
    actions = len(lesson.ctrl.actions)
    lesson.press_button("undo")  # greyed: changes nothing, says again what comes next
    assert len(lesson.ctrl.actions) == actions
    assert lesson.hud._status == (t(keys, lang), False)


def test_a_lesson_never_offers_a_new_match(tmp_path):
    app, lesson = open_lesson("walk", tmp_path / "progress.json", "en")
    app.run(frames=5)
    assert lesson.hud.buttons["new"].refusal == t("tutorial.no_new_match", "en")
    assert not lesson.hud.buttons["walk"].refusal  # the lesson's own actions are on
