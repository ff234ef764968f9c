"""Colour maths for checking that what the board draws survives colour blindness (no pygame).

`deuteranopia(rgb)` simulates a deuteranope's view of an sRGB colour (Machado, Oliveira and
Fernandes 2009, severity 1.0, applied in linear light); `lightness(rgb)` is CIE L* (0 black …
100 white), `contrast_ratio(a, b)` the WCAG ratio (text wants ≥ 4.5). A colour code survives
when its colours still differ in L* after the simulation: hue alone is what a red–green
colour-blind player loses.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# Machado et al. 2009, deuteranomaly at severity 1.0 (linear RGB → linear RGB)
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def to_linear(c: int) -> float:
    """An sRGB channel (0–255) in linear light (0–1)."""
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def to_srgb(v: float) -> int:
    """A linear-light channel (0–1, clipped) as sRGB 0–255."""
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def deuteranopia(rgb: RGB) -> RGB:
    """How a deuteranope sees `rgb` (sRGB in, sRGB out)."""
    lin = [to_linear(c) for c in rgb]
    out = [sum(m * v for m, v in zip(row, lin, strict=True)) for row in DEUTERANOPIA]
    return (to_srgb(out[0]), to_srgb(out[1]), to_srgb(out[2]))


def lightness(rgb: RGB) -> float:
    """CIE L* of an sRGB colour (D65): 0 black … 100 white."""
    r, g, b = (to_linear(c) for c in rgb)
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    f = y ** (1 / 3) if y > (6 / 29) ** 3 else y / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f - 16


def over(top: RGB, alpha: int, ground: RGB) -> RGB:
    """`top` at `alpha` (0–255) blended over `ground`, as pygame blends a tint (sRGB)."""
    a = alpha / 255
    return (round(top[0] * a + ground[0] * (1 - a)), round(top[1] * a + ground[1] * (1 - a)),
            round(top[2] * a + ground[2] * (1 - a)))


def luminance(rgb: RGB) -> float:
    """Relative luminance of an sRGB colour (0 black … 1 white), as WCAG defines it."""
    r, g, b = (to_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours, 1 (same) … 21 (black on white); text wants ≥ 4.5."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
