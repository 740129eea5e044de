"""What must hold between the figures of one simhadr -json document.

Every invariant has a name (docs/json-schema.md, "Invariants", says each in a
line) and reports the two figures that disagree, with their paths in the
document. check(doc) returns the violations of every invariant that applies
to the document's kind; an empty list means the report agrees with itself.
"""

import json
import re
from dataclasses import dataclass

MBYTE = 1e6
# Figures a report prints at full precision agree to this relative error.
ARITHMETIC = 1e-6
# A real run's clocks are read at different instants: a wait measured inside
# the run may end after the run's own clock stopped, by up to two of the stall
# watch's readings (10 ms apart), the coarsest of them.
CLOCK_SLACK_SECONDS = 0.02
# The forecast for the mode that ran may fall this far short of the headline:
# a real run's forecast is built from averages of what it measured.
FORECAST_SLACK = 0.02
# A rate computed over a whole run may exceed a link's by what the primary's
# socket and the link held when the run ended; beyond that, this much.
RATE_SLACK = 0.01

# What a real primary's connection may hold unacknowledged beyond twice the send
# buffer its socket reported at the start: Linux grows the buffer up to
# tcp_wmem's largest (4 MiB by default), and a queue on the link holds more.
UNACKNOWLEDGED_BYTES = 4 * 2**20

# What a real standby's kernel may hold acknowledged and not yet read: Linux
# grows the receive buffer up to tcp_rmem's largest (6 MiB by default).
UNREAD_BYTES = 6 * 2**20

# The TCP window -model gives a link without -netRate or socket buffers (docs/models.md).
AUTOTUNED_WINDOW_BYTES = 6291456

# Verdicts whose figures are the run's own share of something, not a per-flush cost.
NO_COST_FIGURE = {"unknown", "not this standby"}
# Said beside a verdict, not the figures of the verdict itself.
ASIDES = {"form", "stalls", "retransmitted_share"}


@dataclass(frozen=True)
class Violation:
    invariant: str
    message: str

    def __str__(self):
        return f"{self.invariant}: {self.message}"


class Checker:
    """Collects the violations of one document."""

    def __init__(self):
        self.violations = []

    def fail(self, invariant, message):
        self.violations.append(Violation(invariant, message))

    def at_most(self, invariant, small_path, small, large_path, large, slack=0.0):
        if small is None or large is None:
            return
        if small > large * (1 + ARITHMETIC) + slack:
            self.fail(invariant, f"{small_path} = {small:.9g} exceeds {large_path} = {large:.9g}")

    def equal(self, invariant, path_a, a, path_b, b):
        if a is None or b is None:
            return
        if abs(a - b) > ARITHMETIC * max(1.0, abs(a), abs(b)):
            self.fail(invariant, f"{path_a} = {a:.9g} differs from {path_b} = {b:.9g}")


def dig(value, *keys):
    """value[k1][k2]..., or None where a level is missing or null."""
    for key in keys:
        if value is None:
            return None
        if isinstance(key, int):
            value = value[key] if 0 <= key < len(value) else None
        else:
            value = value.get(key)
    return value


def is_share(key):
    return key.endswith(("_share", "_fraction")) or key in ("share_of_run", "share_of_outbound")


def shares_in_range(c, value, path):
    """share-in-range: a share or fraction of something is between 0 and 1."""
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}/{key}"
            if is_share(key) and isinstance(item, (int, float)) and not isinstance(item, bool):
                if not -ARITHMETIC <= item <= 1 + ARITHMETIC:
                    c.fail("share-in-range", f"{where} = {item:.9g} is outside 0 to 1")
            shares_in_range(c, item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            shares_in_range(c, item, f"{path}/{index}")


def rate_is_bytes_over_time(c, side, where):
    """rate-is-bytes-over-time: each MB/s of log, send and recv is its bytes over elapsed."""
    elapsed = side["elapsed_seconds"]
    if elapsed <= 0:
        return
    for part in ("log", "send", "recv"):
        block = side.get(part)
        if block:
            c.equal("rate-is-bytes-over-time", f"{where}/{part}/mbytes_per_sec",
                    block["mbytes_per_sec"], f"{where}/{part}/bytes over elapsed_seconds",
                    block["bytes"] / MBYTE / elapsed)


def waits_within_run(c, side, where):
    """wait-within-run: every wait, idle time and phase of a side lies within its run."""
    elapsed = side["elapsed_seconds"]
    run = f"{where}/elapsed_seconds"
    slack = 0.0 if dig(side, "models", "virtual_time") else CLOCK_SLACK_SECONDS
    figures = [
        ("target/idle_seconds", dig(side, "target", "idle_seconds")),
        ("congestion/seconds", dig(side, "congestion", "seconds")),
        ("stalls/total_seconds", dig(side, "stalls", "total_seconds")),
        ("log_gap/worst_seconds", dig(side, "log_gap", "worst_seconds")),
        ("models/commit_wait/blocked_seconds", dig(side, "models", "commit_wait", "blocked_seconds")),
        ("models/receive_buffer_use/full_seconds",
         dig(side, "models", "receive_buffer_use", "full_seconds")),
        ("models/spool/in_use_seconds", dig(side, "models", "spool", "in_use_seconds")),
        ("failure_costs/longest_hold_seconds", dig(side, "failure_costs", "longest_hold_seconds")),
        ("sleep_accuracy/overshoot_seconds", dig(side, "sleep_accuracy", "overshoot_seconds")),
    ]
    hold_at = dig(side, "failure_costs", "longest_hold_at_seconds")
    hold = dig(side, "failure_costs", "longest_hold_seconds")
    if hold_at is not None and hold is not None:
        figures.append(("failure_costs/longest_hold_at_seconds + longest_hold_seconds", hold_at + hold))
    for episode in dig(side, "stalls", "episodes") or []:
        figures.append(("stalls/episodes/start_seconds + duration_seconds",
                        episode["start_seconds"] + episode["duration_seconds"]))
    for interval in side.get("intervals") or []:
        figures.append(("intervals/end_seconds", interval["end_seconds"]))
    for aux in side.get("auxiliary_standbys") or []:
        for which in ("lag_at_end", "worst_lag"):
            figures.append((f"auxiliary_standbys/{aux['standby']}/{which}/log_seconds",
                            dig(aux, which, "log_seconds")))
    for path, value in figures:
        c.at_most("wait-within-run", f"{where}/{path}", value, run, elapsed, slack)


def state_changes_within_run(c, doc, side, where):
    """wait-within-run: a state change comes before the last side's run ends.

    The primary's HADR state goes on changing while its standby catches up after
    the primary's last write, so the longest side's run bounds it."""
    longest = max(r["elapsed_seconds"] for r in doc["runs"])
    slack = 0.0 if dig(side, "models", "virtual_time") else CLOCK_SLACK_SECONDS
    for index, change in enumerate(dig(side, "failure_costs", "state_changes") or []):
        c.at_most("wait-within-run", f"{where}/failure_costs/state_changes/{index}/at_seconds",
                  change["at_seconds"], "the longest runs/*/elapsed_seconds", longest, slack)


def intervals_add_up(c, side, where):
    """intervals-add-up: the -interval lines follow each other and hold no more than the run's log."""
    intervals = side.get("intervals") or []
    previous_end = 0.0
    total = 0
    for index, interval in enumerate(intervals):
        path = f"{where}/intervals/{index}"
        if interval["start_seconds"] < previous_end - ARITHMETIC:
            c.fail("intervals-add-up", f"{path}/start_seconds = {interval['start_seconds']:.9g} "
                   f"is before the previous interval's end_seconds = {previous_end:.9g}")
        previous_end = interval["end_seconds"]
        total += interval["log_bytes"]
        c.at_most("intervals-add-up", f"{path}/stalled_seconds", interval.get("stalled_seconds"),
                  f"{path}'s length", interval["end_seconds"] - interval["start_seconds"],
                  CLOCK_SLACK_SECONDS)
    if intervals:
        c.at_most("intervals-add-up", f"the sum of {where}/intervals/*/log_bytes", total,
                  f"{where}/log/bytes", side["log"]["bytes"])


def gap_within_written(c, side, where, written):
    """gap-within-written: a log gap or lag holds no more than the primary wrote, and has an age."""
    gaps = []
    if side.get("log_gap"):
        gaps.append(("log_gap", side["log_gap"]["worst_bytes"], side["log_gap"]["worst_seconds"]))
    for aux in side.get("auxiliary_standbys") or []:
        for which in ("lag_at_end", "worst_lag"):
            lag = aux.get(which)
            if lag:
                gaps.append((f"auxiliary_standbys/{aux['standby']}/{which}", lag["bytes"],
                             lag["log_seconds"]))
    for name, gap_bytes, seconds in gaps:
        c.at_most("gap-within-written", f"{where}/{name} bytes", gap_bytes,
                  "the primary's log/bytes", written)
        if gap_bytes and gap_bytes > 0 and (seconds is None or seconds <= 0):
            c.fail("gap-has-age", f"{where}/{name} holds {gap_bytes} bytes whose oldest is "
                   f"{seconds} s old: log written before the gap opened has an age")


def workload_ahead(doc, side):
    """SUPERASYNC at -target under -model: the workload's log, which its commits never hold
    back, is what the gap is kept against, and the headline is its log reader's."""
    return (side["sync_mode"] == "SUPERASYNC" and dig(side, "models", "virtual_time")
            and dig(doc, "config", "target_mbytes_per_sec"))


def gap_kept_against_log(c, doc, side, where, written):
    """gap-kept-against-log: the log a gap is kept against is the primary's, or in a modelled
    SUPERASYNC at -target the workload's over the primary's run, which its reader never passes."""
    gap = side.get("log_gap")
    if not gap or gap.get("written_bytes") is None:
        return
    against = gap["written_bytes"]
    c.at_most("gap-kept-against-log", "the primary's log/bytes", written,
              f"{where}/log_gap/written_bytes", against)
    if workload_ahead(doc, side):
        primary = next(r for r in doc["runs"] if r["role"] == "primary")
        target = dig(doc, "config", "target_mbytes_per_sec") * MBYTE * primary["elapsed_seconds"]
        # Its reader reads whole flushes, and the pace lets one go before the average.
        flush = dig(side, "distributions", "log_write_size", "max") or side.get("flush_bytes") or 0
        c.at_most("gap-kept-against-log", f"{where}/log_gap/written_bytes", against,
                  "config/target_mbytes_per_sec x the primary's elapsed_seconds", target, flush)
    else:
        c.at_most("gap-kept-against-log", f"{where}/log_gap/written_bytes", against,
                  "the primary's log/bytes", written)


def gap_left_open(c, side, where):
    """gap-left-open-within-worst: a gap the run ended before closing is no wider than the worst,
    and one that caught up has nothing left to close."""
    gap = side.get("log_gap")
    if not gap or gap.get("behind_bytes") is None:
        return
    c.at_most("gap-left-open-within-worst", f"{where}/log_gap/behind_bytes", gap["behind_bytes"],
              f"{where}/log_gap/worst_bytes", gap["worst_bytes"])
    if gap["caught_up"]:
        c.equal("gap-left-open-within-worst", f"{where}/log_gap/behind_bytes (caught up)",
                gap["behind_bytes"], "nothing left", 0)


def gap_is_log_of_its_age(c, side, where):
    """gap-is-log-of-its-age: the widest gap is no more than the log written over its age.

    Acknowledgements are cumulative, so the gap at `worst_at` is log written
    between `worst_at - worst_seconds` and `worst_at`: the -interval lines that
    touch that span hold it, to a flush. An age too short for its bytes fails."""
    gap = side.get("log_gap")
    intervals = side.get("intervals") or []
    # A modelled standby repeats its primary's gap beside its own intervals of receipt.
    if side["role"] != "primary" or not gap or not intervals or gap.get("worst_at_seconds") is None:
        return
    at, age = gap["worst_at_seconds"], gap["worst_seconds"]
    touching = sum(i["log_bytes"] for i in intervals
                   if i["start_seconds"] < at + ARITHMETIC and i["end_seconds"] > at - age - ARITHMETIC)
    flush = dig(side, "distributions", "log_write_size", "max") or side.get("flush_bytes") or 0
    c.at_most("gap-is-log-of-its-age", f"{where}/log_gap/worst_bytes (in {side['sync_mode']})",
              gap["worst_bytes"], f"{where}/intervals' log_bytes touching worst_at_seconds - "
              "worst_seconds to worst_at_seconds", touching, flush)


def workload_gap_is_log_of_its_age(c, doc, side, where):
    """gap-is-log-of-its-age where the workload writes at -target: its rate over the age."""
    gap = side.get("log_gap")
    if side["role"] != "primary" or not gap:
        return
    rate = dig(doc, "config", "target_mbytes_per_sec") * MBYTE
    flush = dig(side, "distributions", "log_write_size", "max") or side.get("flush_bytes") or 0
    c.at_most("gap-is-log-of-its-age", f"{where}/log_gap/worst_bytes (in SUPERASYNC at -target)",
              gap["worst_bytes"], "config/target_mbytes_per_sec x log_gap/worst_seconds",
              rate * gap["worst_seconds"], flush)


def link_rate(doc):
    """The modelled link's log-carrying bound in MB/s of wire, or None."""
    return dig(doc, "config", "models", "network", "mbytes_per_sec")


def compression_ratio(side):
    ratio = dig(side, "compression", "ratio")
    return ratio if ratio and ratio > 0 else 1.0


def within_link(c, doc, side, where):
    """within-link: what crossed a modelled link in a run or interval is no more than it carries."""
    link = link_rate(doc)
    modelled = dig(side, "models", "virtual_time")
    if link is None or not modelled or side["role"] != "primary" or side["elapsed_seconds"] <= 0:
        return
    window = dig(doc, "config", "models", "network", "window_bytes") or 0
    # A primary that went on without its standby ships the rest as it catches up,
    # after its own run: everything it sent had crossed by the last side's end.
    elapsed = max(r["elapsed_seconds"] for r in doc["runs"])
    wire = dig(side, "compression", "wire_bytes") or side["send"]["bytes"]
    c.at_most("within-link", f"{where}'s bytes on the wire to its principal standby over "
              "the longest runs/*/elapsed_seconds (MB/s)", wire / MBYTE / elapsed,
              "config/models/network/mbytes_per_sec", link, link * RATE_SLACK + window / MBYTE / elapsed)
    ratio = compression_ratio(side)
    for index, row in enumerate(dig(side, "models", "workload_replay") or []):
        seconds = row["seconds"]
        if seconds > 0:
            c.at_most("within-link", f"{where}/models/workload_replay/{index}/shipped_bytes_per_sec "
                      "(MB/s, over the compression ratio)", row["shipped_bytes_per_sec"] / MBYTE / ratio,
                      "config/models/network/mbytes_per_sec", link,
                      link * RATE_SLACK + window / MBYTE / seconds)


def forecasts(c, doc, side, where):
    """The Bottleneck paragraph agrees with the run and the models it names."""
    verdict = side.get("bottleneck")
    if not verdict:
        return
    b = f"{where}/bottleneck"
    headline = side["log"]["mbytes_per_sec"]
    c.equal("verdict-measured-is-headline", f"{b}/measured_mbytes_per_sec",
            verdict["measured_mbytes_per_sec"], f"{where}/log/mbytes_per_sec", headline)
    named = verdict["resource"]
    if named not in NO_COST_FIGURE and not has_figure(verdict["evidence_figures"], named):
        c.fail("verdict-has-figure", f"{b}/resource names {named} with no figure in evidence_figures")
    nearest = verdict.get("nearest_limit")
    if nearest and not has_figure(nearest["evidence_figures"]):
        c.fail("verdict-has-figure", f"{b}/nearest_limit names {nearest['resource']} with no figure")
    modes = verdict.get("mode_forecasts_mbytes_per_sec") or {}
    forecast = modes.get(side["sync_mode"])
    # Out of peer state the primary writes its log alone, at no mode's pace.
    left_peer = any(change["to"] != "PEER" for change in dig(side, "failure_costs", "state_changes") or [])
    if modes and forecast is not None and not left_peer:
        floor = (1 - FORECAST_SLACK) * headline - in_send_buffer(side) - held_by_standby(doc, side)
        if forecast < floor:
            varied = " (flush sizes vary)" if dig(side, "models", "flush_size_pages") else ""
            c.fail("forecast-at-least-headline", f"{b}/mode_forecasts_mbytes_per_sec/"
                   f"{side['sync_mode']} = {forecast:.9g} is below {where}/log/mbytes_per_sec = "
                   f"{headline:.9g}{varied}")
    link = link_rate(doc)
    if link is not None and dig(side, "models", "virtual_time") and side["role"] == "primary":
        carried = link * compression_ratio(side)
        for mode, rate in modes.items():
            if rate is None:
                c.fail("forecast-within-link", f"{b}/mode_forecasts_mbytes_per_sec/{mode} is "
                       f"unbounded on a link of config/models/network/mbytes_per_sec = {link:.9g}")
            else:
                c.at_most("forecast-within-link", f"{b}/mode_forecasts_mbytes_per_sec/{mode}", rate,
                          "config/models/network/mbytes_per_sec times the compression ratio", carried)
    what_if = verdict.get("compression_what_if")
    if what_if and what_if.get("link_mbytes_per_sec") is not None:
        w = f"{b}/compression_what_if"
        c.at_most("what-if-within-link", f"{w}/mbytes_per_sec", what_if["mbytes_per_sec"],
                  f"{w}/link_mbytes_per_sec", what_if["link_mbytes_per_sec"])
        if what_if.get("limited_by") == "network bandwidth":
            c.equal("what-if-within-link", f"{w}/mbytes_per_sec", what_if["mbytes_per_sec"],
                    f"{w}/link_mbytes_per_sec (the link binds)", what_if["link_mbytes_per_sec"])
    figures = verdict["evidence_figures"]
    # A real primary's streams leave through one host's link; modelled standbys
    # each have a link of their own unless -uplinkRate puts one before them all.
    shared_link = not dig(side, "models", "virtual_time")
    if named == "network bandwidth" and figures.get("link_mbytes_per_sec") is not None and shared_link:
        elapsed = side["elapsed_seconds"]
        auxiliary = sum(a["bytes"] for a in side.get("auxiliary_standbys") or [])
        if elapsed > 0 and auxiliary:
            outbound = (side["send"]["bytes"] + auxiliary) / MBYTE / elapsed
            c.at_most("bandwidth-covers-outbound", f"{where}'s bytes sent to every standby over "
                      "elapsed_seconds (MB/s)", outbound,
                      f"{b}/evidence_figures/link_mbytes_per_sec", figures["link_mbytes_per_sec"],
                      figures["link_mbytes_per_sec"] * RATE_SLACK)


def has_figure(figures, resource=None):
    """Whether a verdict has a figure of its own; the stalls are that of an outage."""
    asides = ASIDES - {"stalls"} if resource == "network outages" else ASIDES
    return any(value is not None for key, value in figures.items() if key not in asides)


def in_send_buffer(side):
    """The MB/s a real primary's headline may hold above what crossed the wire.

    Its headline counts what it handed to TCP: up to a send buffer more than
    crossed the wire by the end of a short run. Linux grows the buffer past
    what the socket said at the start: what TCP had not had acknowledged when
    the run ended is the measure."""
    elapsed = side["elapsed_seconds"]
    unacknowledged = dig(side, "socket", "send_buffer") or 0
    acked = dig(side, "tcp", "bytes_acked")
    if acked is not None and side.get("send"):
        unacknowledged = max(unacknowledged, side["send"]["bytes"] - acked)
    return unacknowledged / MBYTE / elapsed if elapsed > 0 else 0.0


def held_by_standby(doc, side):
    """The MB/s a headline may hold above the mode's rate in a short run: the log
    its standby's receive buffer, spool, socket (a real one's) and the modelled
    link took in and had not passed on when the run ended (the Bottleneck
    paragraph says so)."""
    elapsed = side["elapsed_seconds"]
    if elapsed <= 0:
        return 0.0
    # The window holds wire bytes: under -compress, the ratio times as much log.
    # A -model run without a network model still has TCP's autotuned window.
    window = dig(doc, "config", "models", "network", "window_bytes")
    if window is None and dig(side, "models", "virtual_time"):
        window = AUTOTUNED_WINDOW_BYTES
    if not dig(side, "models", "virtual_time"):
        window = (window or 0) + UNREAD_BYTES
    held = (window or 0) * compression_ratio(side)
    for other in doc.get("runs") or []:
        if other["role"] == "standby":
            held += dig(other, "models", "receive_buffer_use", "capacity_bytes") or 0
            held += dig(other, "models", "spool", "max_bytes") or 0
    return held / MBYTE / elapsed


def tcp_counts_every_connection(c, side, where):
    """tcp-counts-every-connection: TCP's acked bytes cover what the side sent, less its buffer."""
    acked = dig(side, "tcp", "bytes_acked")
    if acked is None or side["role"] != "primary":
        return
    sent = dig(side, "compression", "wire_bytes") or side["send"]["bytes"]
    buffer = dig(side, "socket", "send_buffer") or 0
    c.at_most("tcp-counts-every-connection", f"{where}'s bytes on the wire less what its socket and "
              "link may hold", sent - 2 * buffer - UNACKNOWLEDGED_BYTES, f"{where}/tcp/bytes_acked",
              acked)


def compression_counts_all_log(c, side, where):
    """compression-counts-all-log: a real run's -compress figures cover all the log the side moved."""
    compression = side.get("compression")
    if not compression or compression.get("source") != "measured":
        return
    moved = "send" if side["role"] == "primary" else "recv"
    c.equal("compression-counts-all-log", f"{where}/compression/log_bytes", compression["log_bytes"],
            f"{where}/{moved}/bytes", side[moved]["bytes"])


def pair_agrees(c, doc):
    """received-within-sent: a standby in the same document took no more than its primary sent."""
    runs = doc.get("runs") or []
    primaries = [r for r in runs if r["role"] == "primary"]
    standbys = [r for r in runs if r["role"] == "standby"]
    if len(primaries) != 1 or len(standbys) != 1:
        return
    p, s = primaries[0], standbys[0]
    c.at_most("received-within-sent", "runs/1/log/bytes", s["log"]["bytes"], "runs/0/log/bytes",
              p["log"]["bytes"])
    c.at_most("received-within-sent", "runs/1/recv/bytes", s["recv"]["bytes"], "runs/0/send/bytes",
              p["send"]["bytes"])


def check_side(c, doc, side, where):
    rate_is_bytes_over_time(c, side, where)
    waits_within_run(c, side, where)
    state_changes_within_run(c, doc, side, where)
    intervals_add_up(c, side, where)
    written = next((r["log"]["bytes"] for r in doc["runs"] if r["role"] == "primary"),
                   side["log"]["bytes"])
    gap_kept_against_log(c, doc, side, where, written)
    gap = side.get("log_gap")
    gap_within_written(c, side, where, max(written, (gap or {}).get("written_bytes") or 0))
    gap_left_open(c, side, where)
    if workload_ahead(doc, side):
        workload_gap_is_log_of_its_age(c, doc, side, where)
    else:
        gap_is_log_of_its_age(c, side, where)
    within_link(c, doc, side, where)
    forecasts(c, doc, side, where)
    tcp_counts_every_connection(c, side, where)
    compression_counts_all_log(c, side, where)


def check_split(c, split, where):
    """split-adds-up: a commit's (or log write's) time splits into parts that add up to it."""
    if not split:
        return
    # A log write's split has no "other" part: null.
    parts = [p for p in ("log_disk", "hadr", "other") if split.get(f"{p}_seconds") is not None]
    c.equal("split-adds-up", f"{where}/" + " + ".join(f"{p}_seconds" for p in parts),
            sum(split[f"{p}_seconds"] for p in parts), f"{where}/seconds", split["seconds"])
    if split["seconds"] > 0:
        c.equal("split-adds-up", f"{where}/*_share summed",
                sum(split[f"{p}_share"] for p in parts), "1", 1.0)


def check_diagnosis(c, diagnosis):
    for index, log in enumerate(diagnosis.get("logs") or []):
        check_split(c, log.get("split"), f"diagnosis/logs/{index}/split")
        for row, interval in enumerate(log.get("intervals") or []):
            check_split(c, interval.get("split"), f"diagnosis/logs/{index}/intervals/{row}/split")


def check_disk_test(c, test):
    """disk-io-arithmetic: each size's seconds per IO and MB/s are its IO time over its IOs and bytes."""
    for index, size in enumerate(test.get("sizes") or []):
        where = f"disk_test/sizes/{index}"
        if size["ios"] > 0:
            c.equal("disk-io-arithmetic", f"{where}/seconds_per_io", size["seconds_per_io"],
                    f"{where}/io_seconds over ios", size["io_seconds"] / size["ios"])
        c.at_most("disk-io-arithmetic", f"{where}/io_seconds", size["io_seconds"],
                  f"{where}/elapsed_seconds", size["elapsed_seconds"] * max(1, test.get("threads") or 1),
                  CLOCK_SLACK_SECONDS)


def check(doc):
    """Every violation in one document, in the order found."""
    c = Checker()
    shares_in_range(c, doc, "")
    for index, side in enumerate(doc.get("runs") or []):
        check_side(c, doc, side, f"runs/{index}")
    pair_agrees(c, doc)
    if doc.get("diagnosis"):
        check_diagnosis(c, doc["diagnosis"])
    if doc.get("disk_test"):
        check_disk_test(c, doc["disk_test"])
    return c.violations


def read_pending(path):
    """A pending file's lines (tests/invariants/pending.txt): an invariant's name and a
    regular expression, for violations known and not yet mended."""
    pending = []
    with open(path) as f:
        for line in f:
            body = line.partition("#")[0].strip()
            if body:
                fields = body.split(None, 1)
                if len(fields) != 2:
                    raise ValueError(f"{path}: '{body}' needs an invariant's name and a pattern")
                pending.append((fields[0], re.compile(fields[1])))
    return pending


def documents(path):
    """The documents of one -json file: one, or one per line (a -loop standby's)."""
    with open(path) as f:
        text = f.read()
    try:
        return [json.loads(text)]
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]


def pending_entry(problem, pending):
    """The pending file's line (name, pattern) that lists a violation, as its str() reads, or None."""
    for name, pattern in pending:
        if problem.startswith(name + ":") and pattern.search(problem):
            return name, pattern.pattern
    return None


def is_pending(problem, pending):
    return pending_entry(problem, pending) is not None
