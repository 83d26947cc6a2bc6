"""Small stand-ins for Gymnasium's spaces (Debian packages no Gymnasium):
the same attribute names (shape, dtype, n, low, high, spaces) and methods
(sample, contains, seed), so code written for PettingZoo reads them as usual."""

import numpy as np


class Space:
    def __init__(self, shape, dtype, seed=None):
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)
        return [seed]


class Discrete(Space):
    """The integers 0 .. n-1."""

    def __init__(self, n, seed=None):
        super().__init__((), np.int64, seed)
        self.n = int(n)

    def sample(self, mask=None):
        if mask is None:
            return int(self._rng.integers(self.n))
        allowed = np.flatnonzero(np.asarray(mask))
        if allowed.size == 0:
            raise ValueError("sample: the mask allows no action")
        return int(self._rng.choice(allowed))

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def __repr__(self):
        return f"Discrete({self.n})"


class Box(Space):
    """Arrays of a fixed shape with values between low and high."""

    def __init__(self, low, high, shape, dtype=np.float32, seed=None):
        super().__init__(shape, dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def sample(self):
        if np.issubdtype(self.dtype, np.integer):
            return self._rng.integers(self.low, self.high, endpoint=True).astype(self.dtype)
        low = np.maximum(self.low, -1e6)
        high = np.minimum(self.high, 1e6)
        return self._rng.uniform(low, high).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low) and np.all(x <= self.high))

    def __repr__(self):
        return f"Box({self.shape}, {self.dtype})"


class Dict(Space):
    """A dict of named spaces."""

    def __init__(self, spaces, seed=None):
        super().__init__((), object, seed)
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def sample(self):
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x):
        return isinstance(x, dict) and all(k in x and s.contains(x[k]) for k, s in self.spaces.items())

    def __repr__(self):
        return "Dict(" + ", ".join(f"{k}: {s!r}" for k, s in self.spaces.items()) + ")"
