#!/usr/bin/env python3
"""Validates simhadr -json output against docs/simhadr-result.schema.json.

  validate.py SCHEMA FILE     FILE holds one document, or one per line (a -loop standby)
Prints "valid N" and exits 0, or prints the first error and exits 1.

Beyond the schema, each run's verdict must agree with its own figures: the
paragraph's measured rate is the headline's, a resource it names has a figure
behind it, and the forecast for the mode that ran is no less than what it did.
"""
import json
import sys

import jsonschema


def documents(path):
    with open(path) as f:
        text = f.read()
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


# The forecast for the mode that ran may fall this far short of the headline:
# a real run's forecast is built from averages of what it measured.
FORECAST_SLACK = 0.02
# Verdicts whose figures are the run's own share of something, not a per-flush cost.
NO_COST_FIGURE = {"unknown", "not this standby"}


# Said beside a verdict, not the figures of the verdict itself.
ASIDES = {"form", "stalls", "retransmitted_share"}


def has_figure(figures):
    return any(value is not None for key, value in figures.items() if key not in ASIDES)


def inconsistency(side):
    verdict = side.get("bottleneck")
    if not verdict:
        return None
    headline = side["log"]["mbytes_per_sec"]
    measured = verdict["measured_mbytes_per_sec"]
    if abs(measured - headline) > 1e-9 * max(1.0, headline):
        return f"the verdict's measured {measured} is not the headline's {headline}"
    named = verdict["resource"]
    if named not in NO_COST_FIGURE and not has_figure(verdict["evidence_figures"]):
        return f"the verdict names {named} with no figure behind it"
    nearest = verdict.get("nearest_limit")
    if nearest and not has_figure(nearest["evidence_figures"]):
        return f"the nearest limit, {nearest['resource']}, has no figure behind it"
    forecasts = verdict["mode_forecasts_mbytes_per_sec"]
    if forecasts:
        forecast = forecasts[side["sync_mode"]]
        # A real primary's headline counts what it handed to TCP: up to a send
        # buffer more than crossed the wire by the end of a short run. Linux grows
        # the buffer past what the socket said at the start: what TCP had not had
        # acknowledged when the run ended is the measure.
        elapsed = side["elapsed_seconds"]
        unacknowledged = side["socket"]["send_buffer"]
        tcp = side.get("tcp")
        if tcp and tcp.get("bytes_acked") is not None and side.get("send"):
            unacknowledged = max(unacknowledged, side["send"]["bytes"] - tcp["bytes_acked"])
        in_send_buffer = unacknowledged / 1e6 / elapsed if elapsed > 0 else 0.0
        floor = (1 - FORECAST_SLACK) * headline - in_send_buffer
        if forecast is not None and forecast < floor:
            return f"the {side['sync_mode']} forecast {forecast} is below the headline {headline}"
    return None


def main():
    schema_path, instance_path = sys.argv[1:3]
    with open(schema_path) as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    docs = documents(instance_path)
    for number, doc in enumerate(docs, 1):
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        if errors:
            error = errors[0]
            where = "/".join(str(p) for p in error.absolute_path)
            print(f"document {number}: {where}: {error.message}")
            sys.exit(1)
        for run_number, run in enumerate(doc.get("runs", [])):
            problem = inconsistency(run)
            if problem:
                print(f"document {number}: runs/{run_number}: {problem}")
                sys.exit(1)
    print(f"valid {len(docs)}")


if __name__ == "__main__":
    main()
