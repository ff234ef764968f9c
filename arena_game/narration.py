"""Readable log lines from core events (the CLI log and the window's combat log).

The front end writes its log from these events; it never diffs states.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from arena_game.core.events import Event
from arena_game.core.geometry import fmt

Names = Mapping[str, str]

_T: dict[str, dict[str, str]] = {
    "fr": {
        "match_started": "Match sur « {map} »",
        "turn_order_set": "Ordre de jeu{how} : {order}",
        "rolled": " (initiative)",
        "turn_started": "— Tour {round} : {fighter} —",
        "turn_ended": "{fighter} termine son tour",
        "turn_skipped": "{fighter} passe son tour ({reason})",
        "moved": "{fighter} {verb} {path}",
        "walk": "marche",
        "run": "court",
        "swim": "nage",
        "jump": "saute",
        "flee_ok": "{fighter} fuit le contact de {opponents} (Fuite réussie)",
        "flee_fail": "{fighter} rate sa Fuite face à {opponents} : il reste sur place",
        "swim_rolled": "{fighter} peut nager {squares} case(s)",
        "jump_ok": "{fighter} franchit {over} (difficulté {difficulty}) et atterrit en {landing}",
        "jump_fail": "{fighter} rate son saut au-dessus de {over} (difficulté {difficulty})",
        "stood_up": "{fighter} se relève",
        "modifier_added": "{fighter} : {value:+d} {applies_to} ({source}, {rule}) pendant {turns} tour(s)",
        "modifier_expired": "{fighter} : fin de « {source} »",
        "run_started": "{fighter} annonce sa Course : {declared}",
        "run_rolled": "{fighter} obtient {squares} case(s) de Course",
        "tackle_checked": "{fighter} passe à côté de {opponent}{tackled}",
        "tackled_yes": " : taclé !",
        "tackled_no": " sans être taclé",
        "tackled": "{fighter} est taclé par {by} en {at}",
        "run_ended": "Fin de Course de {fighter} ({reason}, {squares_left} case(s) restante(s))",
        "run_end_completed": "cases épuisées",
        "run_end_voluntary_stop": "arrêt volontaire",
        "run_end_forced_stop": "course stoppée",
        "run_end_tackled": "taclé",
        "run_end_flee_failed": "Fuite ratée",
        "run_end_died": "mort",
        "attacked": "{attacker} attaque {target} : {attack_total} contre {dodge_total} — {result}",
        "hit": "touché",
        "miss": "esquivé",
        "damaged": "{fighter} perd {amount} PV ({location}) → {pv} PV",
        "died": "{fighter} meurt ({cause}) en {at}",
        "cause_attack": "sous les coups",
        "cause_push_into_hazard": "poussé dans une case mortelle",
        "cause_hazard": "case mortelle",
        "cause_suicide": "suicide",
        "pushed": "{by} pousse {fighter} : {path}{fell}",
        "fell_suffix": ", il chute",
        "push_failed": "{fighter} ne parvient pas à pousser {target}",
        "fell": "{fighter} est à terre",
        "teleported": "{fighter} se téléporte de {origin} à {to} ({means})",
        "mana_changed": "{fighter} : mana {delta:+d} → {mana} ({reason})",
        "taunted": "{fighter} lance une Provocation {style} (difficulté {difficulty}) : {result}",
        "taunt_ok": "le public suit !",
        "taunt_fail": "le public siffle",
        "renown_gained": "L'équipe {team} gagne {amount} PR (total {pr})",
        "fainted": "{fighter} n'a plus de mana et s'évanouit pour {turns} tour(s)",
        "woke_up": "{fighter} se réveille avec {mana} mana inutilisable",
        "lost_for_good": "{fighter} s'est suicidé : perdu définitivement pour l'équipe {team}",
        "action_refused": "Refusé pour {fighter} ({kind}) — {rule} : {reason}",
        "match_ended": "Fin du match : {winner}",
        "no_winner": "aucun vainqueur",
        "winner": "victoire de {team}",
    },
    "en": {
        "match_started": "Match on “{map}”",
        "turn_order_set": "Turn order{how}: {order}",
        "rolled": " (initiative)",
        "turn_started": "— Round {round}: {fighter} —",
        "turn_ended": "{fighter} ends its turn",
        "turn_skipped": "{fighter} loses its turn ({reason})",
        "moved": "{fighter} {verb} {path}",
        "walk": "walks",
        "run": "runs (Course)",
        "swim": "swims",
        "jump": "jumps",
        "flee_ok": "{fighter} breaks away from {opponents} (Fuite succeeds)",
        "flee_fail": "{fighter} fails to flee (Fuite) from {opponents} and stays put",
        "swim_rolled": "{fighter} may swim {squares} square(s)",
        "jump_ok": "{fighter} jumps over {over} (difficulty {difficulty}) and lands on {landing}",
        "jump_fail": "{fighter} fails to jump over {over} (difficulty {difficulty})",
        "stood_up": "{fighter} stands up",
        "modifier_added": "{fighter}: {value:+d} {applies_to} ({source}, {rule}) for {turns} turn(s)",
        "modifier_expired": "{fighter}: “{source}” ends",
        "run_started": "{fighter} declares a run (Course): {declared}",
        "run_rolled": "{fighter} gets {squares} run square(s)",
        "tackle_checked": "{fighter} passes {opponent}{tackled}",
        "tackled_yes": ": tackled!",
        "tackled_no": " without being tackled",
        "tackled": "{fighter} is tackled by {by} at {at}",
        "run_ended": "{fighter}'s run ends ({reason}, {squares_left} square(s) left)",
        "run_end_completed": "all squares run",
        "run_end_voluntary_stop": "voluntary stop, arrêt volontaire",
        "run_end_forced_stop": "forced stop, course stoppée",
        "run_end_tackled": "tackled, taclé",
        "run_end_flee_failed": "failed flight, Fuite ratée",
        "run_end_died": "died",
        "attacked": "{attacker} attacks {target}: {attack_total} vs {dodge_total} — {result}",
        "hit": "hit",
        "miss": "dodged",
        "damaged": "{fighter} loses {amount} PV ({location}) → {pv} PV",
        "died": "{fighter} dies ({cause}) at {at}",
        "cause_attack": "struck down",
        "cause_push_into_hazard": "pushed into a dead square",
        "cause_hazard": "dead square",
        "cause_suicide": "suicide",
        "pushed": "{by} pushes (Poussée) {fighter}: {path}{fell}",
        "fell_suffix": ", and it falls",
        "push_failed": "{fighter} fails to push {target}",
        "fell": "{fighter} is on the ground",
        "teleported": "{fighter} teleports (Téléportation) from {origin} to {to} ({means})",
        "mana_changed": "{fighter}: mana {delta:+d} → {mana} ({reason})",
        "taunted": "{fighter} taunts (Provocation {style}, difficulty {difficulty}): {result}",
        "taunt_ok": "the crowd roars!",
        "taunt_fail": "the crowd jeers",
        "renown_gained": "Team {team} gains {amount} PR (total {pr})",
        "fainted": "{fighter} runs out of mana and faints for {turns} turn(s)",
        "woke_up": "{fighter} wakes with {mana} unusable mana",
        "lost_for_good": "{fighter} killed itself: lost for good to team {team}",
        "action_refused": "Refused for {fighter} ({kind}) — {rule}: {reason}",
        "match_ended": "Match over: {winner}",
        "no_winner": "no winner",
        "winner": "{team} wins",
    },
}


def describe(event: Event, names: Names | None = None, lang: str = "fr") -> str:
    """One log line for an event, in French or English; dice rolls show their breakdown.

    `names` maps fighter and team ids to the names shown.
    """
    t = _T.get(lang, _T["fr"])
    n: Callable[[Any], str] = lambda fid: (names or {}).get(fid, fid) if fid else "—"  # noqa: E731
    d = event.model_dump()
    kind = d["type"]
    if kind == "dice_rolled":
        return f"  🎲 {n(d['fighter'])} — {event.roll.text(lang)}"  # type: ignore[union-attr]
    for key in ("fighter", "attacker", "target", "by", "opponent", "team", "winner"):
        if key in d and isinstance(d[key], str):
            d[key] = n(d[key])
    for key in ("at", "over", "landing", "origin", "to"):
        if key in d and isinstance(d[key], tuple | list):
            d[key] = fmt(tuple(d[key]))  # type: ignore[arg-type]
    for key in ("path", "declared"):
        if key in d:
            d[key] = " → ".join(fmt(tuple(s)) for s in d[key])  # type: ignore[arg-type]
    if kind == "turn_order_set":
        return t[kind].format(how=t["rolled"] if d["rolled"] else "", order=", ".join(n(x) for x in d["order"]))
    if kind == "moved":
        return t[kind].format(fighter=d["fighter"], verb=t[d["mode"]], path=d["path"])
    if kind == "flee_checked":
        opp = ", ".join(n(x) for x in event.opponents)  # type: ignore[union-attr]
        return t["flee_ok" if d["success"] else "flee_fail"].format(fighter=d["fighter"], opponents=opp)
    if kind == "jump_attempted":
        return t["jump_ok" if d["success"] else "jump_fail"].format(**d)
    if kind == "tackle_checked":
        return t[kind].format(fighter=d["fighter"], opponent=d["opponent"], tackled=t["tackled_yes" if d["tackled"] else "tackled_no"])
    if kind == "run_ended":
        d["reason"] = t.get(f"run_end_{d['reason']}", d["reason"])
    if kind == "attacked":
        return t[kind].format(**d, result=t["hit" if d["hit"] else "miss"])
    if kind == "pushed":
        return t[kind].format(**{**d, "fell": t["fell_suffix"] if d["fell"] else ""})
    if kind == "taunted":
        return t[kind].format(**{**d, "result": t["taunt_ok" if d["success"] else "taunt_fail"]})
    if kind == "died":
        return t[kind].format(**{**d, "cause": t.get(f"cause_{event.cause}", event.cause)})  # type: ignore[union-attr]
    if kind == "match_ended":
        w = t["winner"].format(team=d["winner"]) if d["winner"] else t["no_winner"]
        return t[kind].format(winner=w)
    template = t.get(kind)
    if template is None:
        return f"{kind}: {d}"
    return template.format(**d)
