import os

from hypothesis import HealthCheck, settings

# Every test runs headless, whatever the caller's environment says.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# A property test fails on behaviour, never on speed: Hypothesis's default 200 ms deadline per
# example and its "too slow" health check are wall-clock tests, which a busy machine (two cores
# shared) trips. Timing goals live in benchmarks/.
settings.register_profile("euchre-qt", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("euchre-qt")
