"""Animations: every core event becomes a timed, skippable animation (issue 7).

`AnimationQueue` is the entry point; `Pose` is what the window draws tokens at. The
timeline and choreography are pure; only draw.py and strips.py import pygame.
"""

from arena_game.ui.anim.queue import INSTANT, SPEEDS, AnimationQueue, pose_to_draw, resting_pose
from arena_game.ui.anim.timeline import Effect, Pose

__all__ = ["INSTANT", "SPEEDS", "AnimationQueue", "Effect", "Pose", "pose_to_draw", "resting_pose"]
