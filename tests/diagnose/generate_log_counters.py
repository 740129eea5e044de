#!/usr/bin/env python3
"""Writes the -diagnose test inputs of log and commit counters in this folder:
MON_GET_TRANSACTION_LOG (CLP table, db2 -x rows, EXPORT ... OF DEL rows),
MON_GET_WORKLOAD (CSV with a header row) and db2pd -logs (V9.7 without a date,
11.5 with one), each sampled every 5 s, with known figures:

  logdisk.*    log writes on a line of 4 ms + bytes / 20 MB/s (8.1 ms at 20
               pages), 1 ms of HADR wait a write, 9.6 ms a commit
  hadrwait.*   1 ms of disk a write, 8 ms of HADR wait, with the primary's
               db2pd -hadr of the same moments
  balanced.*   4 ms of disk and 4 ms of HADR a write
  lograte.*    db2pd -logs: 3 MB/s of log

  tests/diagnose/generate_log_counters.py    rewrites those files

Every file is ours: the layouts follow what the CLP and db2pd print; the
databases and figures are made up.
"""
import datetime
import os

import generate

HERE = os.path.dirname(os.path.abspath(__file__))
START = datetime.datetime(2025, 12, 2, 8, 0, 0)
PAGE = 4096
STEP = 5
PAGES_A_WRITE = [12, 16, 20, 24, 28, 20, 16]   # one figure per interval
WRITES_AN_INTERVAL = 500


def write(name, text):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)


def stamp(i, offset=0.0):
    return (START + datetime.timedelta(seconds=i * STEP + offset)).strftime("%Y-%m-%d-%H.%M.%S.%f")


def counters(disk_ms, hadr_ms, samples=8):
    """Totals since activation at each sample; disk_ms(pages) is a write's time."""
    rows, pages, writes, write_ms, hadr, lso = [], 5_000_000, 900_000, 7_200_000.0, 900_000.0, 40_000_000_000
    for i in range(samples):
        if i > 0:
            p = PAGES_A_WRITE[(i - 1) % len(PAGES_A_WRITE)]
            pages += p * WRITES_AN_INTERVAL
            writes += WRITES_AN_INTERVAL
            write_ms += disk_ms(p) * WRITES_AN_INTERVAL
            hadr += hadr_ms * WRITES_AN_INTERVAL
            lso += p * WRITES_AN_INTERVAL * PAGE
        rows.append(dict(pages=pages, writes=writes, write_ms=round(write_ms), hadr_ms=round(hadr),
                         waits=writes - 100, lso=lso))
    return rows


TLOG_COLUMNS = ["CURRENT_TIMESTAMP", "MEMBER", "LOG_WRITES", "LOG_WRITE_TIME", "NUM_LOG_WRITE_IO",
                "LOG_HADR_WAIT_TIME", "LOG_HADR_WAITS_TOTAL", "CURRENT_LSO"]
TLOG_QUERY = ("select current timestamp, member, log_writes, log_write_time, num_log_write_io, "
              "log_hadr_wait_time, log_hadr_waits_total, current_lso from table(mon_get_transaction_log(-2))")


def tlog_values(i, r):
    return [stamp(i), "0", str(r["pages"]), str(r["write_ms"]), str(r["writes"]), str(r["hadr_ms"]),
            str(r["waits"]), str(r["lso"])]


def clp_table(columns, rows):
    widths = [max(len(c), max(len(r[k]) for r in rows)) for k, c in enumerate(columns)]
    def line(values):
        return " ".join(v.ljust(w) for v, w in zip(values, widths)).rstrip()
    return ["", line(columns), " ".join("-" * w for w in widths)] + [line(r) for r in rows] + \
           ["", f"  {len(rows)} record(s) selected.", ""]


def logdisk():
    rows = counters(lambda p: 4 + p * PAGE / 20_000_000 * 1000, 1)
    out = []
    for i, r in enumerate(rows):
        out += [f"$ db2 \"{TLOG_QUERY}\""] + clp_table(TLOG_COLUMNS, [tlog_values(i, r)])
    write("logdisk.tlog.tbl", "\n".join(out))
    # Two workloads; a commit waits for one flush (disk + HADR) and 0.5 ms more.
    lines = ["SAMPLE_TIME,WORKLOAD_NAME,TOTAL_APP_COMMITS,TOTAL_COMMIT_TIME,LOG_DISK_WAIT_TIME,LOG_DISK_WAITS_TOTAL"]
    commits, commit_ms, wait_ms = [3_000_000, 1_000], [20_000_000.0, 9_000.0], [18_000_000.0, 8_000.0]
    for i in range(len(rows)):
        if i > 0:
            p = PAGES_A_WRITE[(i - 1) % len(PAGES_A_WRITE)]
            flush = 4 + p * PAGE / 20_000_000 * 1000 + 1
            for w, n in ((0, 1500), (1, 10)):
                commits[w] += n
                wait_ms[w] += n * flush
                commit_ms[w] += n * (flush + 0.5)
        for w, name in ((0, "SYSDEFAULTUSERWORKLOAD"), (1, "SYSDEFAULTADMWORKLOAD")):
            lines.append(f'"{stamp(i, 0.2)}","{name}",{commits[w]},{round(commit_ms[w])},'
                         f"{round(wait_ms[w])},{commits[w]}")
    write("logdisk.workload.csv", "\n".join(lines) + "\n")


def hadrwait():
    # The disk's counters alone (db2 -x); the HADR wait and the position from the
    # primary's db2pd -hadr of the same moments.
    rows = counters(lambda p: 1, 8)
    query = ("select current timestamp, member, log_writes, log_write_time, num_log_write_io "
             "from table(mon_get_transaction_log(-2))")
    out = [f"$ db2 -x \"{query}\""]
    for i, r in enumerate(rows):
        out.append(" ".join(v.rjust(12) for v in tlog_values(i, r)[:5]))
    write("hadrwait.tlog.txt", "\n".join(out) + "\n")
    samples = generate.series(
        len(rows), "PRIMARY", step=STEP, mode="SYNC", state="PEER", connect="CONNECTED",
        connect_time=generate.START - 86400, wait_acc=lambda i: rows[i]["hadr_ms"] / 1000,
        wait_count=lambda i: rows[i]["waits"], ppos=lambda i: rows[i]["lso"],
        spos=lambda i: rows[i]["lso"] - 8192, rpos=lambda i: rows[i]["lso"] - 300000,
        buf_pct=lambda i: 3)
    write("hadrwait.primary.txt", generate.db2pd_file(samples))


def balanced():
    rows = counters(lambda p: 4, 4)
    out = [f"db2 \"export to balanced.tlog.del of del {TLOG_QUERY}\""]
    for i, r in enumerate(rows):
        values = tlog_values(i, r)
        values[0] = f'"{values[0]}"'
        out.append(",".join(values))
    write("balanced.tlog.del", "\n".join(out) + "\n")


def db2pd_logs(header, lsn_line, lso):
    return "\n".join([
        "", header, "", "Logs:",
        "Current Log Number            12",
        "Pages Written                 731",
        "Cur Commit Disk Log Reads     0",
        "Cur Commit Total Log Reads    0",
        "Method 1 Archive Status       Success",
        "Method 1 Next Log to Archive  12",
        "Method 1 First Failure        n/a",
        "Method 2 Archive Status       n/a",
        "Method 2 Next Log to Archive  n/a",
        "Method 2 First Failure        n/a",
        "Log Chain ID                  0",
    ] + ([f"Current LSO                   {lso}"] if lso is not None else []) + [
        lsn_line, "",
        "Address            StartLSN         StartLSO             State      Size       Pages      Filename",
        "0x00007FFF771FF630 0000000000047ABD 52988001             0x00000000 1024       1024       S0000012.LOG",
        ""])


def lograte():
    rate = 3_000_000
    dated = []
    for i in range(4):
        date = (START + datetime.timedelta(seconds=i * STEP)).strftime("%Y-%m-%d-%H.%M.%S.%f")
        lso = 52_988_001 + i * STEP * rate
        dated.append(db2pd_logs(
            f"Database Member 0 -- Database LOGDB -- Active -- Up 0 days 01:00:{i * STEP:02d} -- Date {date}",
            f"Current LSN                   0x{0x48000 + i * 3000:016X}", lso))
    write("lograte.logs.txt", "".join(dated))
    plain = []
    for i, lsn in enumerate((0x0000000001F40010, 0x0000000001F40010 + 7_654_321)):
        plain.append(db2pd_logs(
            f"Database Partition 0 -- Database LOGDB -- Active -- Up 0 days 00:{10 + i:02d}:00",
            f"Current LSN                   0x{lsn:016X}", None))
    write("lograte.nodate.logs.txt", "".join(plain))


if __name__ == "__main__":
    logdisk()
    hadrwait()
    balanced()
    lograte()
