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
