"""The 95% Wilson score interval of a proportion, as `tabletop simulate` reports it."""

import math

Z95 = 1.959963984540054


def wilson(successes, trials, z=Z95):
    """(rate, low, high) for `successes` out of `trials`; all NaN for no trials."""
    if trials <= 0:
        return (math.nan, math.nan, math.nan)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def difference(wins_a, games_a, wins_b, games_b, z=Z95):
    """(a's rate - b's, low, high): Newcombe's hybrid score interval for the
    difference of two independent proportions, built from their Wilson intervals."""
    pa, la, ua = wilson(wins_a, games_a, z)
    pb, lb, ub = wilson(wins_b, games_b, z)
    d = pa - pb
    return (d, d - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2), d + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2))
