"""Every colour the board drawing uses, in one place (no pygame).

Terrain fallbacks (when the sprites cannot be read, and for plain pictures), team slots
(maps name teams by slot before any team colour is known), the highlight inks, the chance
bands and the marks on fighter tokens. Colours that code a meaning differ in lightness, not
only in hue, so a red–green colour-blind player still tells them apart:
`tests/test_render_palette.py` checks the chance bands through a deuteranopia simulation
(`render.colour_vision`), `tests/test_render_colour_codes.py` the drawn squares (moves over
every floor, ranges, the tackle flag, the deadly frame on lava, the step numbers).
"""

from __future__ import annotations

from arena_game.core.terrain import Terrain

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# -- terrain (plain-colour fallback and plain pictures) -----------------------------------
TERRAIN: dict[Terrain, RGB] = {
    Terrain.FLOOR: (196, 178, 140),
    Terrain.WALL: (74, 70, 78),
    Terrain.PILLAR: (196, 178, 140),  # drawn as a round stone on floor
    Terrain.OBSTACLE: (196, 178, 140),  # drawn as a crate on floor
    Terrain.WATER: (58, 120, 190),
    Terrain.LAVA: (220, 80, 30),
    Terrain.ACID: (110, 190, 40),
    Terrain.HOLE: (20, 18, 22),
}
FLOOR_GRID: RGB = (170, 152, 116)  # the fallback floor's square outlines
PILLAR_STONE: RGB = (120, 112, 104)
PILLAR_EDGE: RGB = (90, 84, 80)
CRATE: RGB = (140, 96, 52)
CRATE_EDGE: RGB = (92, 60, 30)
WALL_MORTAR: RGB = (56, 52, 60)
WATER_WAVE: RGB = (150, 200, 240)
LAVA_GLOW: RGB = (255, 190, 60)
ACID_GLOW: RGB = (210, 250, 120)
HOLE_RIM: RGB = (60, 50, 50)
SPRITE_GRID: RGBA = (0, 0, 0, 40)  # faint square outlines over the sprites

# -- teams --------------------------------------------------------------------------------
# team slot colours for map pictures (the teams' own colours are not known from a map alone)
TEAM_SLOTS: tuple[str, ...] = ("#e74c3c", "#3498db", "#2ecc71", "#9b59b6", "#f39c12", "#1abc9c",
                               "#e84393", "#95a5a6", "#ecf0f1")

# -- ink shared by every drawing ------------------------------------------------------------
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
SHADOW: RGB = (10, 10, 14)  # under-strokes that keep pale marks visible on pale floor
HOVER: RGB = (255, 255, 255)
COORDINATE: RGB = (236, 226, 190)  # the column and row numbers along the board's edges
BACKGROUND: RGB = (24, 25, 28)  # the window's ground round the board (the numbers' strips outside it)

# -- highlights (see render.marks for which kind uses which) --------------------------------
# a legal move: a see-through near-white veil, lighter than sand and water alike (a deuteranope
# lost the old mid green against the sand: 2.7 L*), framed by a dark navy line that reads on
# both; half see-through so the terrain's texture shows (an opaque mint made the map a grid).
# The frame was dark green: a deuteranope saw an olive frame round a beige veil, the run key's
# "next square" one more beige swatch beside the tackle flag's and the 90 band's (s53); navy
# stays blue to them, against the yellows and beiges of those codes
MOVE_FILL: RGBA = (240, 255, 240, 128)
MOVE_EDGE: RGBA = (15, 45, 130, 255)
# a legal area over most of the ground (a potion teleport: every free floor square): a far lighter
# veil, the frame round what it leaves out saying the rest (the full veil washed out the map)
MOVE_FILL_LIGHT: RGBA = (240, 255, 240, 32)
# a square that may be declared next ("option"), framed over its chance fill: the declared discs'
# blue on a white under-stroke (a green frame turned the 60 % band's khaki for a deuteranope;
# blue against the bands' yellows and browns is the contrast a deuteranope keeps)
MOVE_LINE: RGBA = (25, 95, 235, 255)
OPTION_SHADOW: RGBA = (255, 255, 255, 230)
REACH_FILL: RGBA = (90, 140, 230, 55)
REACH_LINE: RGBA = (140, 180, 255, 200)
REACH_TEXT: RGB = (16, 28, 84)  # dark navy step numbers on the pale grey-blue fill (≥ 4.5:1) …
REACH_TEXT_EDGE: RGB = (236, 242, 255)  # … edged in white so they read on a dark floor too
# in range: a blue veil, ≥ 10 L* darker than the floor and blue-grey against its beige for a
# deuteranope too (a teal one turned a grey-beige 8 L* from the floor: the range showed by its outline)
IN_RANGE_FILL: RGBA = (0, 120, 230, 90)
IN_RANGE_LINE: RGBA = (110, 240, 205, 255)
# beyond range: a deep violet, away from every chance band (a yellow one read as the 60 % band to
# deuteranopes) and well darker than in range (a pale lilac was only 4 L* from the teal); a thin
# veil crossed by dark violet hatching (the pattern says "beyond"), the terrain shows between.
# A deuteranope sees violet as blue, in range's hue: beyond range stays 20 L* darker than in range
# (a lighter violet and sparser hatching were 14–18 L* from it, two blues told by the hatching alone)
FAR_FILL: RGBA = (50, 10, 110, 110)
FAR_HATCH: RGBA = (25, 0, 55, 250)
FAR_LINE: RGBA = (200, 160, 255, 255)
BLOCKED_HATCH: RGBA = (200, 50, 50, 150)
NO_LOS_HATCH: RGBA = (60, 60, 60, 150)
DECLARED_DISC: RGBA = (40, 110, 220, 230)
ORDER_DISC: RGBA = (150, 70, 200, 230)  # the pick's numbered badge (white figure, >= 5:1)
# a pick's frame (circle attack, "picked, in order"): a light pink line between two dark ones;
# the old violet frame turned the blue team's own blue for a deuteranope (46 vs 44 L*) and
# read as the token's rim; this one is 25-40 L* lighter than the team inks, in either vision
ORDER_LINE: RGBA = (255, 200, 240, 255)
ORDER_EDGE: RGBA = (10, 10, 14, 255)
PATH_DOT: RGBA = (40, 110, 220, 200)
LANDING_LINE: RGBA = (80, 220, 230, 255)
LANDING_MARK: RGBA = (80, 220, 230, 200)
ARROW: RGBA = (255, 170, 40, 255)
ARROW_EDGE: RGBA = (0, 0, 0, 255)  # the push arrow's ring: parts it from yellow lava and hazard stripes
HAZARD_HATCH: RGBA = (250, 220, 40, 220)
# a deadly square's frame: hazard tape, yellow dashes on black (a red line was lava's own
# lightness for a deuteranope; black reads on lava and acid, yellow on a hole)
HAZARD_EDGE: RGBA = (0, 0, 0, 255)
HAZARD_LINE: RGBA = (250, 220, 40, 255)
HAZARD_TEXT: RGB = (255, 230, 80)
GOAL_LINE: RGBA = (255, 215, 80, 255)  # a lesson's goal square: gold reticle and star
# R4.7: a run square where a tackle d8 is rolled: a light amber flag in a thick black edge (a
# plain orange one was the 30 % and 60 % bands' olive for a deuteranope)
TACKLE_FLAG: RGBA = (255, 208, 120, 255)
TACKLE_EDGE: RGBA = (0, 0, 0, 255)
WALK_TIE: RGBA = (241, 196, 15, 160)

# Chance bands 0 (≥ 90 %) … 4 (< 10 %), like a speed ruler: pale cyan, lime, amber, dark ochre,
# deep indigo, light to dark, so the order reads without hue. Drawn at CHANCE_ALPHA over sand or
# water, each band is ≥ 10 L* from the next in either vision (`tests/test_s53_window_colour_codes`;
# 90 % and 60 % were a pale grey and a pale yellow 6 L* apart to a deuteranope, s53, and before
# that 60 % and 30 % two close khakis at 7–10 L*): the lime is now about the floor's lightness,
# told from it by its hue and figure. Bands 1 to 3 step ≥ 12 L* over the sprite floor, and < 10 %
# is 18 L* under 10 % and blue-grey against its olive (a dark maroon was a second olive only 15 L*
# darker: two close browns); the sure band is a cool white-blue (CIE L* 86 over the floor against
# its 73, and blue against the beige floor and the 60 % band's yellow, a contrast deuteranopes
# keep), so a sure square never reads as bare floor, and is edged in white (SURE_EDGE), on the
# board and in the key: on water its pale cyan read as a lighter water square.
CHANCE_BANDS: tuple[RGB, ...] = ((152, 249, 255), (143, 205, 28), (191, 111, 7), (115, 79, 0), (40, 10, 70))
SURE_EDGE: RGBA = (255, 255, 255, 220)
# The bands over water: each band's colour and opacity chosen so that, blended over the water
# sprite, it gives the colour the band has over sand (the key's). The sand's see-through tints
# turned darker over the darker water, the 30 % band there the 10 % band's lightness on sand
# (50 and 49 L*, s57): a swim showing both grounds read one band as another. Slightly more
# opaque than over sand (the waves still show), so the water's own lightness barely counts; the
# 60 % band a shade darker there, 10 L* under the sure band over the plain fallback water too.
CHANCE_ON_WATER: tuple[RGBA, ...] = ((194, 255, 228, 205), (204, 228, 8, 175), (242, 139, 3, 190),
                                     (168, 110, 1, 195), (107, 41, 50, 175))
CHANCE_ALPHA = 175  # the floor shows through (200 made opaque heat squares)
PILL_FILL: RGB = (18, 18, 24)  # under a target's chance figure: white on it reads 17:1

# -- fighter tokens -----------------------------------------------------------------------
ACTIVE_PULSE: RGB = (255, 225, 60)  # the ring around whose turn it is
ACTIVE_RING: RGB = (255, 255, 255)
TOKEN_EDGE: RGB = (20, 20, 20)  # plain tokens (no sprites)
ACTIVE_EDGE: RGB = (250, 245, 230)
ASLEEP_MARK: RGB = (230, 230, 255)
PV_BACK: RGB = (20, 20, 20)
# the PV bar's three colours step down in lightness (92, 52, 32 L*; 90, 55, 36 to a deuteranope),
# each ≥ 16 L* from the sand (74) it lies on, to either eye: a pale green, a burnt orange, a dark
# red. The old green and yellow were 78 and 79 L* (one colour to a red–green colour-blind
# player); then a green and an amber that turned, for a deuteranope, a pale khaki 10 L* over
# the sand and a mustard 7 under it: a full bar in its thin dark back read as a strip of sand
PV_HIGH: RGB = (150, 255, 170)  # more than half
PV_MID: RGB = (190, 100, 0)  # more than a quarter
PV_LOW: RGB = (150, 22, 30)


def pv_colour(fraction: float) -> RGB:
    """The PV bar's colour for the fraction of PV left."""
    return PV_HIGH if fraction > 0.5 else PV_MID if fraction > 0.25 else PV_LOW


# -- animation labels and banners (ui/anim) -------------------------------------------------
LABEL_RED: RGB = (235, 70, 60)  # damage, deaths, tackles
LABEL_WHITE: RGB = (250, 250, 250)
LABEL_GOLD: RGB = (250, 210, 80)  # turns, runs, renown
LABEL_BLUE: RGB = (110, 170, 255)  # magic, swimming, sleep
LABEL_GREEN: RGB = (120, 220, 120)  # good news
LABEL_GREY: RGB = (190, 190, 190)  # nothing happened
LABEL_ORANGE: RGB = (255, 160, 60)  # bad news short of damage

# -- animation effects (ui/anim/draw.py) -----------------------------------------------------
AIR_SHADOW: RGB = (40, 34, 30)  # under a token in the air
IMPACT_FLASH: RGB = (255, 250, 220)
SHOT_TRAIL: RGB = (250, 235, 180)
SWEEP_BLADE: RGB = (235, 240, 255)  # circle attack (R8)
SWEEP_EDGE: RGB = (120, 140, 200)
SWEEP_TIP: RGB = (255, 255, 255)
DEATH_CROSS: RGB = (200, 40, 40)
DEATH_CROSS_FADED: RGB = (120, 30, 30)
SINK: dict[str, RGB] = {"lava": (255, 120, 30), "acid": (150, 230, 60), "hole": (40, 30, 30)}
SINK_OTHER: RGB = (60, 60, 60)
TELEPORT_SPARKS: tuple[RGB, RGB] = ((140, 230, 255), (190, 160, 255))
TELEPORT_CORE: RGB = (255, 255, 255)
TELEPORT_LIGHT: RGB = (200, 185, 255)
SLEEP_Z: RGB = (180, 200, 255)
DECLARED_RUN: RGB = (250, 210, 80)  # R4.1 declared squares, numbered
DECLARED_TEXT: RGB = (30, 20, 10)

# -- captions: floating labels, banners, dice, crowd (ui/anim/captions.py) -------------------
CAPTION_OUTLINE: RGB = (15, 12, 10)
CAPTION_SUB: RGB = (235, 232, 220)
CAPTION_BACK: RGBA = (14, 12, 18, 150)  # a floating label's see-through dark pill
BANNER_SUB: RGB = (220, 220, 210)
PANEL: RGB = (14, 12, 18)
PANEL_EDGE: RGBA = (200, 170, 90, 220)
DIE_FACE: RGB = (245, 240, 225)
DIE_SUCCESS: RGB = (120, 220, 120)  # a critical success …
DIE_FAILURE: RGB = (235, 90, 80)  # … and failure: also told by the label, not by colour alone
DIE_EDGE: RGB = (40, 30, 20)
DIE_TEXT: RGB = (30, 25, 20)
DIE_KIND: RGB = (90, 80, 70)
DICE_LINE: RGB = (245, 240, 230)
CROWD_CHEER: tuple[RGB, RGB] = ((235, 195, 150), (120, 60, 50))  # heads, bodies
CROWD_JEER: tuple[RGB, RGB] = ((150, 140, 130), (80, 75, 85))

# -- panels beside the board (legend, heatmap title and scale, animation strips) -------------
LEGEND_BOX: RGB = (30, 30, 36)
LEGEND_EDGE: RGB = (95, 95, 105)
LEGEND_TITLE: RGB = (235, 230, 215)
LEGEND_TEXT: RGB = (225, 225, 225)
STRIP_BACK: RGB = (30, 28, 34)
STRIP_GAP: RGB = (12, 10, 14)
STRIP_TEXT: RGB = (230, 230, 230)
HEAT_LOW: RGB = (255, 230, 60)  # heatmaps: pale yellow, see-through …
HEAT_HIGH: RGB = (255, 0, 0)  # … to deep red, opaque: lightness and opacity both rise with the count
HEAT_DOT_EDGE: RGB = (90, 0, 0)
