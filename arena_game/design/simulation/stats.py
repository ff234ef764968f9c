"""The statistics of a balance report: Wilson intervals and exact tests, no dependencies."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default); (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_two_sided_p(successes: int, trials: int, p: float = 0.5) -> float:
    """Exact two-sided binomial test: chance of an outcome as unlikely as `successes` under p."""
    if trials <= 0:
        return 1.0
    probs = [math.comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in range(trials + 1)]
    observed = probs[successes]
    # Sum every outcome no more likely than the observed one (small tolerance for rounding).
    return min(1.0, sum(q for q in probs if q <= observed * (1 + 1e-9)))


def chi_square_uniform_p(counts: list[int]) -> float:
    """Pearson chi-square goodness of fit against equal shares; the p-value (upper tail)."""
    n = sum(counts)
    k = len(counts)
    if n == 0 or k < 2:
        return 1.0
    expected = n / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return chi_square_sf(stat, k - 1)


def chi_square_sf(x: float, df: int) -> float:
    """Upper tail of the chi-square distribution with integer `df` degrees of freedom."""
    if x <= 0:
        return 1.0
    if df % 2 == 0:
        term = total = math.exp(-x / 2)
        for i in range(1, df // 2):
            term *= (x / 2) / i
            total += term
        return min(1.0, total)
    # Odd df: start from df = 1 (a normal tail) and add the series terms.
    total = math.erfc(math.sqrt(x / 2))
    term = math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    for i in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * i + 1)
    return min(1.0, total)
