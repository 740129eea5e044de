#!/usr/bin/env python3
"""The invariant checker finds each kind of disagreement it names, and passes a
report that agrees with itself. Prints "N passed, N failed"."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "tools"))
import simhadr_invariants  # noqa: E402

MB = 1e6


def side(role, log_bytes=40 * MB, elapsed=10.0):
    rate = log_bytes / MB / elapsed
    return {
        "role": role, "sync_mode": "NEARSYNC", "elapsed_seconds": elapsed, "end": "completed",
        "log": {"bytes": log_bytes, "flushes": 10, "mbytes_per_sec": rate},
        "send": {"bytes": log_bytes if role == "primary" else 160, "mbytes_per_sec":
                 (log_bytes if role == "primary" else 160) / MB / elapsed},
        "recv": {"bytes": 160 if role == "primary" else log_bytes, "mbytes_per_sec":
                 (160 if role == "primary" else log_bytes) / MB / elapsed},
        "target": {"idle_seconds": 1.0, "idle_fraction": 0.1},
        "intervals": [{"start_seconds": 0.0, "end_seconds": 5.0, "log_bytes": log_bytes / 2},
                      {"start_seconds": 5.0, "end_seconds": elapsed, "log_bytes": log_bytes / 2}],
        "log_gap": {"worst_bytes": 65536, "worst_seconds": 0.01, "worst_at_seconds": 5.0}
        if role == "primary" else None,
        "auxiliary_standbys": [],
        "models": {"virtual_time": True},
    }


def consistent():
    return {"kind": "model", "config": {"models": {"network": {"mbytes_per_sec": 12.5,
                                                               "window_bytes": 0}}},
            "runs": [side("primary"), side("standby")]}


def broken(change):
    doc = consistent()
    change(doc)
    return doc


def set_path(doc, value, *keys):
    target = doc
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value


CASES = {
    "share-in-range": lambda d: set_path(d, 1.029, "runs", 0, "target", "idle_fraction"),
    "rate-is-bytes-over-time": lambda d: set_path(d, 5.0, "runs", 0, "log", "mbytes_per_sec"),
    "wait-within-run": lambda d: set_path(d, 12.0, "runs", 0, "target", "idle_seconds"),
    "intervals-add-up": lambda d: set_path(d, 4.0, "runs", 0, "intervals", 1, "start_seconds"),
    "gap-within-written": lambda d: set_path(d, 1.39e9, "runs", 0, "log_gap", "worst_bytes"),
    "gap-has-age": lambda d: set_path(d, 0.0, "runs", 0, "log_gap", "worst_seconds"),
    "gap-left-open-within-worst": lambda d: (
        set_path(d, True, "runs", 0, "log_gap", "caught_up"),
        set_path(d, 4096, "runs", 0, "log_gap", "behind_bytes")),
    # Case 1 of issue 68: 30 MB of gap read as 0.5 s of log at 4 MB/s.
    "gap-is-log-of-its-age": lambda d: (set_path(d, 30 * MB, "runs", 0, "log_gap", "worst_bytes"),
                                        set_path(d, 2.0, "runs", 0, "log_gap", "worst_at_seconds"),
                                        set_path(d, 0.5, "runs", 0, "log_gap", "worst_seconds")),
    "within-link": lambda d: set_path(d, 200 * MB, "runs", 0, "send", "bytes"),
    "received-within-sent": lambda d: set_path(d, 41 * MB, "runs", 1, "log", "bytes"),
    # A renewed connection's log left out: the first connection's alone.
    "compression-counts-all-log": lambda d: set_path(d, {
        "source": "measured", "log_bytes": 10 * MB, "wire_bytes": 5 * MB}, "runs", 0, "compression"),
}


def diagnosis(split):
    return {"kind": "diagnose", "runs": [], "diagnosis": {"logs": [{"split": split}]}}


# A log write's split has no "other" part: it is null, not zero.
LOG_WRITE_SPLIT = {"of": "log write", "seconds": 10.0, "log_disk_seconds": 6.0, "hadr_seconds": 4.0,
                   "other_seconds": None, "log_disk_share": 0.6, "hadr_share": 0.4,
                   "other_share": None}
DOCUMENTS = {
    "split-adds-up": diagnosis(dict(LOG_WRITE_SPLIT, hadr_seconds=5.0)),
    "what-if-within-link": broken(lambda d: d["runs"][0].update(bottleneck={
        "resource": "network bandwidth", "measured_mbytes_per_sec": d["runs"][0]["log"]["mbytes_per_sec"],
        "evidence_figures": {"link_mbytes_per_sec": 11.8}, "nearest_limit": None,
        "mode_forecasts_mbytes_per_sec": {},
        "compression_what_if": {"mbytes_per_sec": 4928.3, "link_mbytes_per_sec": 335787.7,
                                "limited_by": "network bandwidth"}})),
}


def main():
    passed = failed = 0
    problems = simhadr_invariants.check(consistent())
    if problems:
        failed += 1
        print(f"FAILED consistent: {[str(p) for p in problems]}")
    else:
        passed += 1
    if simhadr_invariants.check(diagnosis(LOG_WRITE_SPLIT)):
        failed += 1
        print("FAILED a log write's split with no other part")
    else:
        passed += 1
    documents = {name: broken(change) for name, change in CASES.items()} | DOCUMENTS
    for name, doc in documents.items():
        found = [v.invariant for v in simhadr_invariants.check(doc)]
        if name in found:
            passed += 1
        else:
            failed += 1
            print(f"FAILED {name}: the checker found {found}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
