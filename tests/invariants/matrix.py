#!/usr/bin/env python3
"""Runs simhadr over a matrix of option combinations and checks each report's invariants.

  matrix.py BINARY [--model N] [--real N] [--seed S] [--cases FILE] [--failures FILE]

--model N   N combinations under -model (virtual time: milliseconds each)
--real N    N combinations as -demo runs (a real primary and standby on loopback)
--seed S    which combinations (the same seed always draws the same ones)
--cases F   also every command line in F (one per line, '#' comments): the
            combinations that once failed, kept as regression cases ('refused: '
            before one: the command line must refuse it; '{here}' is F's folder)
--failures F  append each failing combination's options to F
--pending F   violations known and not yet mended: lines of an invariant's name
            and a regular expression its message matches; such a violation is
            counted and shown once, and does not fail the run

Each run's -json document must pass tools/simhadr_invariants.py, and its exit
status must agree with how its sides ended (exit-matches-end). A combination
the command line refuses (exit 2) is drawn again; one that fails is printed with
its violations. Ends with "N passed, N failed".
"""
import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
import simhadr_invariants  # noqa: E402

MODES = ["SYNC", "NEARSYNC", "ASYNC", "SUPERASYNC"]
# A whole -model run takes milliseconds; a real one its -t plus start-up.
MODEL_TIMEOUT = 120
REAL_TIMEOUT = 60

# A db2logscan rate line, as the tool prints it: time, rate, interval, pages per
# flush, seconds per flush, pages and seconds per transaction, per commit, open.
LOGSCAN_LINE = ("{time}  {rate:6.3f} MB/s, {seconds:2d} sec, {pages:5.1f} pg/f, {per_flush:.6f} sec/f,"
                " {tr_pages:5.1f} pg/tr, 0.100000 sec/tr, 0.010000 sec/cmt, nOpenTrans {open:5.1f}")


def write_workload(folder, rng):
    """A db2logscan file of a few intervals of varied rates (our own figures)."""
    path = os.path.join(folder, f"workload-{rng.randrange(10**9)}.logscan")
    lines = ["Logging rate:"]
    for minute in range(rng.randint(2, 5)):
        rate = rng.choice([0.5, 1.5, 3.0, 6.0, 12.0])
        pages = rng.choice([4.0, 8.0, 16.0, 32.0])
        per_flush = pages * 4096 / (rate * 1e6)
        lines.append(LOGSCAN_LINE.format(time=f"2026-01-01 00:{minute:02d}:00", rate=rate, seconds=60,
                                         pages=pages, per_flush=per_flush, tr_pages=pages / 2,
                                         open=rng.choice([1.0, 5.0, 20.0])))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def write_flush_sizes(folder, rng):
    path = os.path.join(folder, f"sizes-{rng.randrange(10**9)}.txt")
    with open(path, "w") as f:
        for pages in rng.sample([1, 2, 4, 8, 16, 32, 64, 128], 4):
            f.write(f"{pages} {rng.randint(1, 50)}\n")
    return path


def draw_model(rng, folder):
    """One -model combination: a mode, a load, disks, a link, replay, failures, costs."""
    mode = rng.choice(MODES)
    args = ["-model", "-syncMode", mode, "-t", str(rng.choice([5, 10, 20, 60]))]
    rhosts = 1
    if mode == "SUPERASYNC" and rng.random() < 0.3:
        rhosts = rng.choice([2, 3])
        args += ["-rhost", ",".join(["a", "b", "c"][:rhosts])]
        if rng.random() < 0.5:
            args += ["-uplinkRate", str(rng.choice([12.5, 50, 125]))]
    load = rng.choice(["none", "target", "logRate", "workload", "flushSizes", "flushSize"])
    if load == "target":
        args += ["-target", str(rng.choice([0.5, 2, 4, 10, 40]))]
    elif load == "logRate":
        args += ["-logRate", str(rng.choice([1, 4, 10, 30])),
                 "-logBufSize", str(rng.choice([16, 64, 256, 1024]))]
    elif load == "workload":
        args += ["-workload", write_workload(folder, rng), "-workloadSpeed", str(rng.choice([6, 20, 60]))]
    elif load == "flushSizes":
        args += ["-flushSizes", write_flush_sizes(folder, rng)]
    elif load == "flushSize":
        args += ["-flushSize", str(rng.choice([1, 4, 16, 64, 256, 1024]))]
    if rng.random() < 0.6:
        disk = ["-disk", str(rng.choice([20, 100, 400])), str(rng.choice([0, 0.0005, 0.002]))]
        if rng.random() < 0.3:
            disk += [str(rng.choice([0, 500, 3000])), str(rng.choice([0, 60, 250]))]
        args += disk
    if rng.random() < 0.8:
        rates = [str(rng.choice([2.5, 12.5, 50, 125])) for _ in range(rhosts)]
        args += ["-netRate", ",".join(rates)]
    if rng.random() < 0.6:
        delays = [str(rng.choice([0, 0.0005, 0.005, 0.05])) for _ in range(rhosts)]
        args += ["-netDelay", ",".join(delays)]
    if rng.random() < 0.3:
        args += ["-sockSndBuf", str(rng.choice([65536, 262144, 4194304]))]
    if rng.random() < 0.4:
        args += ["-replay", str(rng.choice([2, 10, 50, 200]))]
        if rng.random() < 0.4:
            args += [str(rng.choice([0.0001, 0.001]))]
        if rng.random() < 0.4:
            args += ["-spoolLimit", rng.choice(["1000", "100000", "unlimited"])]
        if mode == "SUPERASYNC" and rng.random() < 0.4:
            args += ["-replayDelay", str(rng.choice([1, 5, 30]))]
    if rng.random() < 0.3:
        args += ["-hadrBufSize", str(rng.choice([16, 64, 1024, 16384]))]
    if rng.random() < 0.35:
        args += ["-netOutage", str(rng.choice([1, 5, 30]))]
        if rng.random() < 0.3:
            args += ["-netOutageEvery", str(rng.choice([10, 20]))]
        if rng.random() < 0.5:
            args += ["-peerWaitLimit", str(rng.choice([1, 5]))]
        if rng.random() < 0.5:
            args += ["-peerWindow", str(rng.choice([5, 10, 120]))]
        if rng.random() < 0.3:
            args += ["-hadrTimeout", str(rng.choice([3, 10, 30]))]
        if rng.random() < 0.2:
            args += ["-maxCommitHold", str(rng.choice([2, 30]))]
    if rng.random() < 0.2:
        args += ["-compress", rng.choice(["3", "2.5,2,1", "1.5,4,2"])]
    if rng.random() < 0.15:
        args += ["-tls", "-tlsCost", rng.choice(["0.5", "2,1"])]
    if rng.random() < 0.15:
        args += ["-tcpCost", rng.choice(["0.5", "1,0.5"])]
    if rng.random() < 0.1:
        args += ["-payload", "dots"]
    if rng.random() < 0.5:
        args += ["-interval", str(rng.choice([1, 5]))]
    return args


def draw_real(rng, folder):
    """One -demo combination: a real pair on loopback, short and bounded."""
    mode = rng.choice(MODES)
    args = ["-demo", "-syncMode", mode, "-t", str(rng.choice([0.5, 1])), "-interval", "0.25"]
    if rng.random() < 0.5:
        args += ["-flushSize", str(rng.choice([1, 4, 16, 64, 256]))]
    if rng.random() < 0.4:
        args += ["-target", str(rng.choice([2, 10, 40]))]
    if rng.random() < 0.5:
        args += ["-disk", str(rng.choice([50, 200, 800])), str(rng.choice([0, 0.0005, 0.002]))]
    if rng.random() < 0.3:
        args += ["-sockSndBuf", str(rng.choice([16384, 65536, 1048576]))]
    if rng.random() < 0.3:
        args += ["-hadrBufSize", str(rng.choice([16, 64, 1024]))]
    if rng.random() < 0.3:
        args += ["-replay", str(rng.choice([20, 100, 400]))]
    if rng.random() < 0.2:
        args += ["-payload", "dots"]
    if rng.random() < 0.2:
        args += ["-compress", rng.choice(["zlib", "lz4", "zstd"])]
    if rng.random() < 0.15:
        args += ["-tls"]
    return args


def run_one(binary, args, timeout):
    """Runs one combination; returns (refused, problems)."""
    try:
        done = subprocess.run([binary, *args, "-json", "-"], capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return False, [f"did not end within {timeout} s"]
    if done.returncode == 2:
        return True, [done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "refused"]
    try:
        doc = json.loads(done.stdout)
    except json.JSONDecodeError:
        return False, [f"exit {done.returncode} with no JSON document: {done.stderr.strip()[-300:]}"]
    problems = [str(v) for v in simhadr_invariants.check(doc)]
    ends = {side["end"] for side in doc.get("runs") or []}
    failed = "failed" in ends or doc.get("error")
    if bool(failed) != (done.returncode != 0):
        problems.append(f"exit-matches-end: exit status {done.returncode} where the sides ended "
                        f"{sorted(ends)} (error: {doc.get('error')})")
    return False, problems


REFUSED = "refused:"


def read_cases(path):
    """The command lines of a cases file; 'refused: ' before one means the
    command line must be refused (exit 2) rather than run. '{here}' in a line
    is the cases file's folder, where the inputs a case needs are kept."""
    cases = []
    here = os.path.dirname(os.path.realpath(path))
    with open(path) as f:
        for line in f:
            line = line.strip().replace("{here}", here)
            if line and not line.startswith("#"):
                refused = line.startswith(REFUSED)
                args = shlex.split(line[len(REFUSED):] if refused else line)
                cases.append(([REFUSED] if refused else []) + args)
    return cases


def run_case(binary, args, timeout):
    """Runs a drawn or kept combination; a kept one may expect its refusal."""
    if args[:1] != [REFUSED]:
        return run_one(binary, args, timeout)
    was_refused, problems = run_one(binary, args[1:], timeout)
    if was_refused:
        return False, []
    return False, ["refused-as-kept: the command line was not refused"] + problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--model", type=int, default=0)
    parser.add_argument("--real", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases")
    parser.add_argument("--failures")
    parser.add_argument("--pending")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    options = parser.parse_args()

    rng = random.Random(options.seed)
    pending = simhadr_invariants.read_pending(options.pending) if options.pending else []
    passed = failed = refused = 0
    known = {}
    with tempfile.TemporaryDirectory(prefix="simhadr-matrix-") as folder:
        cases = read_cases(options.cases) if options.cases else []
        batches = [(cases, None, MODEL_TIMEOUT)]
        batches.append(([], (draw_model, options.model), MODEL_TIMEOUT))
        batches.append(([], (draw_real, options.real), REAL_TIMEOUT))
        with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
            for fixed, drawn, timeout in batches:
                queue = list(fixed)
                wanted = len(fixed)
                if drawn:
                    draw, count = drawn
                    wanted = count
                    queue = [draw(rng, folder) for _ in range(count)]
                done = 0
                attempts = 0
                while queue:
                    results = list(pool.map(lambda a: run_case(options.binary, a, timeout), queue))
                    again = []
                    for args, (was_refused, problems) in zip(queue, results):
                        shown = shlex.join(args)
                        if was_refused and drawn:
                            refused += 1
                            again.append(drawn[0](rng, folder))
                            continue
                        done += 1
                        for problem in problems:
                            entry = simhadr_invariants.pending_entry(problem, pending)
                            if entry:
                                count, example, first = known.get(entry, (0, shown, problem))
                                known[entry] = (count + 1, example, first)
                        problems = [p for p in problems if not simhadr_invariants.is_pending(p, pending)]
                        if problems:
                            failed += 1
                            print(f"FAILED: simhadr {shown}")
                            for problem in problems:
                                print(f"  {problem}")
                            if options.failures:
                                with open(options.failures, "a") as f:
                                    f.write(shown + "\n")
                        else:
                            passed += 1
                    attempts += 1
                    queue = again if attempts < 20 and done < wanted else []
    print(f"{refused} combinations refused by the command line and drawn again")
    for (name, pattern), (count, shown, problem) in sorted(known.items()):
        print(f"pending {name} {pattern}: {count} violations, as in simhadr {shown}\n  {problem}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
