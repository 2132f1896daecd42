"""Test settings.  With CI set, Hypothesis uses its own derandomised ``ci`` profile."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=100, suppress_health_check=[HealthCheck.too_slow])
if not os.environ.get("CI"):
    settings.load_profile("dev")
