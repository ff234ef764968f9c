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


def binomial_log_pmf(k: int, n: int, p: float) -> float:
    """log P(X = k) for X ~ Binomial(n, p), in log space so any n works (no huge integers)."""
    if p <= 0.0 or p >= 1.0:
        return 0.0 if k == (0 if p <= 0.0 else n) else -math.inf
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def _log_sum(logs: list[float]) -> float:
    """log(sum(exp(x))) without overflow or underflow."""
    top = max(logs, default=-math.inf)
    if top == -math.inf:
        return -math.inf
    return top + math.log(math.fsum(math.exp(x - top) for x in logs))


def binomial_two_sided_p(successes: int, trials: int, p: float = 0.5) -> float:
    """Exact two-sided binomial test: chance of an outcome as unlikely as `successes` under p.

    Computed in log space (lgamma), so a series of any length gives a p-value.
    """
    if trials <= 0:
        return 1.0
    logs = [binomial_log_pmf(k, trials, p) for k in range(trials + 1)]
    observed = logs[successes]
    # Sum every outcome no more likely than the observed one (small tolerance for rounding).
    tail = [x for x in logs if x <= observed + 1e-7]
    return min(1.0, math.exp(_log_sum(tail)))


def binomial_tail(n: int, p: float, low: int, high: int) -> float:
    """P(X ≤ low or X ≥ high) for X ~ Binomial(n, p)."""
    logs = [binomial_log_pmf(k, n, p) for k in range(n + 1) if k <= low or k >= high]
    return min(1.0, math.exp(_log_sum(logs)))


def smallest_detectable_split(trials: int, alpha: float = 0.05, power: float = 0.8) -> float | None:
    """The smallest winning share (above 50%) the exact test detects with `power` in `trials`.

    The test's rejection region at `alpha` is fixed by `trials`; the share is found by
    bisection on the chance of landing in it. None when no result could ever be significant.
    """
    if trials <= 0:
        return None
    # Under 50% the distribution is symmetric: the p-value of k > n/2 is twice its upper tail.
    logs = [binomial_log_pmf(k, trials, 0.5) for k in range(trials + 1)]
    high, upper = None, 0.0
    for k in range(trials, trials // 2, -1):
        upper += math.exp(logs[k])
        if 2 * upper >= alpha or 2 * k == trials:
            break
        high = k
    if high is None:
        return None
    low = trials - high
    lo, hi = 0.5, 1.0
    if binomial_tail(trials, hi - 1e-12, low, high) < power:
        return None
    for _ in range(30):
        mid = (lo + hi) / 2
        if binomial_tail(trials, mid, low, high) >= power:
            hi = mid
        else:
            lo = mid
    return hi


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
