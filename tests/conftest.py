"""Shared test settings.

Hypothesis profiles (choose with the environment variable HYPOTHESIS_PROFILE):
- `ci` (default): few examples, no deadline, so the property tests stay within a minute;
- `long`: many more examples for a soak run, e.g.
  `HYPOTHESIS_PROFILE=long pytest tests/test_generated.py tests/test_fuzz.py`.
`HHAUDIT_FUZZ_SCALE` (a number, default 1) multiplies the size of the bulk fuzz inputs
(tests/test_fuzz.py).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=False
)
settings.register_profile(
    "long", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
