"""The press benchmark's measuring loop works (figures come from running the command)."""
from hardware.bench_press import measure, summary


def test_measure_records_one_latency_per_press():
    latencies = measure(200)
    assert len(latencies) == 200
    assert all(0 <= x < 1.0 for x in latencies)
    assert "median" in summary("idle", latencies)
