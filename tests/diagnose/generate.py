#!/usr/bin/env python3
"""Writes the -diagnose test inputs in this folder: db2pd -hadr loops (V10.5
and later, V10.1, V9.7) and MON_GET_HADR exports (CSV, CLP table), one
scenario per case of docs/diagnose.md, their figures chosen so the verdict
follows from IBM's rules as quoted there.

  tests/diagnose/generate.py      rewrites the *.txt, *.csv and *.tbl files

Every file is ours: the layouts follow what db2pd and the CLP print, the
hosts, databases and figures are made up.
"""
import datetime
import os

HERE = os.path.dirname(os.path.abspath(__file__))
UTC_OFFSET = -5 * 3600          # the hosts' wall clock: UTC-5
START = 1764680400              # 2025-12-02 13:00:00 UTC, as an epoch
PAGE = 4096


def wall(epoch):
    return datetime.datetime.fromtimestamp(epoch + UTC_OFFSET, datetime.timezone.utc)


def db2pd_time(epoch):
    """'12/02/2025 08:00:00.000000 (1764680400)', as V10 prints a time field."""
    return wall(epoch).strftime("%m/%d/%Y %H:%M:%S.%f") + f" ({int(epoch)})"


def header(role, epoch, database="HADRDB", member="Member"):
    state = "Active" if role == "PRIMARY" else "Standby"
    date = wall(epoch).strftime("%Y-%m-%d-%H.%M.%S.%f")
    return f"Database {member} 0 -- Database {database} -- {state} -- Up 0 days 02:00:00 -- Date {date}"


def db2pd_section(s, flags=True, v105=True):
    """One V10 section; `s` holds the figures of one sample."""
    rows = [
        ("HADR_ROLE", s["role"]),
        ("REPLAY_TYPE", "PHYSICAL"),
        ("HADR_SYNCMODE", s["mode"]),
        ("STANDBY_ID", "1" if s["role"] == "PRIMARY" else "0"),
        ("LOG_STREAM_ID", "0"),
        ("HADR_STATE", s["state"]),
    ]
    if flags:
        rows.append(("HADR_FLAGS", " ".join(s.get("flags", ["TCP_PROTOCOL"]))))
    rows += [
        ("PRIMARY_MEMBER_HOST", s.get("phost", "dbhost-a.example.com")),
        ("PRIMARY_INSTANCE", "db2inst1"),
        ("PRIMARY_MEMBER", "0"),
        ("STANDBY_MEMBER_HOST", s.get("shost", "dbhost-b.example.com")),
        ("STANDBY_INSTANCE", "db2inst1"),
        ("STANDBY_MEMBER", "0"),
        ("HADR_CONNECT_STATUS", s["connect"]),
        ("HADR_CONNECT_STATUS_TIME", db2pd_time(s["connect_time"])),
        ("HEARTBEAT_INTERVAL(seconds)", "30"),
    ]
    if v105:
        rows += [("HEARTBEAT_MISSED", str(s.get("missed", 0))), ("HEARTBEAT_EXPECTED", str(s.get("expected", 120)))]
    rows += [
        ("HADR_TIMEOUT(seconds)", "120"),
        ("TIME_SINCE_LAST_RECV(seconds)", "2"),
        ("PEER_WAIT_LIMIT(seconds)", "0"),
        ("LOG_HADR_WAIT_CUR(seconds)", f"{s.get('wait_cur', 0.0):.3f}"),
        ("LOG_HADR_WAIT_RECENT_AVG(seconds)", f"{s.get('wait_avg', 0.001):.6f}"),
        ("LOG_HADR_WAIT_ACCUMULATED(seconds)", f"{s['wait_acc']:.3f}"),
        ("LOG_HADR_WAIT_COUNT", str(s["wait_count"])),
        ("SOCK_SEND_BUF_REQUESTED,ACTUAL(bytes)", f"{s.get('snd_req', 0)}, {s.get('snd', 262144)}"),
        ("SOCK_RECV_BUF_REQUESTED,ACTUAL(bytes)", f"{s.get('rcv_req', 0)}, {s.get('rcv', 262144)}"),
    ]
    for name, pos in (("PRIMARY", s["ppos"]), ("STANDBY", s["spos"])):
        rows.append((f"{name}_LOG_FILE,PAGE,POS", f"S{1000 + pos // 200000000:07d}.LOG, {pos // PAGE % 50000}, {pos}"))
    rows.append(("HADR_LOG_GAP(bytes)", str(s.get("gap_avg", max(0, s["ppos"] - s["spos"])))))
    rpos = s["rpos"]
    rows.append(("STANDBY_REPLAY_LOG_FILE,PAGE,POS", f"S{1000 + rpos // 200000000:07d}.LOG, {rpos // PAGE % 50000}, {rpos}"))
    rows.append(("STANDBY_RECV_REPLAY_GAP(bytes)", str(max(0, s["spos"] - rpos))))
    for name in ("PRIMARY_LOG_TIME", "STANDBY_LOG_TIME", "STANDBY_REPLAY_LOG_TIME"):
        rows.append((name, db2pd_time(s["t"] - 1)))
    rows += [
        ("STANDBY_RECV_BUF_SIZE(pages)", str(s.get("buf_pages", 4096))),
        ("STANDBY_RECV_BUF_PERCENT", str(s.get("buf_pct", 0))),
        ("STANDBY_SPOOL_LIMIT(pages)", str(s.get("spool", 0))),
    ]
    if v105:
        spool_pct = s.get("spool_pct")
        rows.append(("STANDBY_SPOOL_PERCENT", "NULL" if spool_pct is None else str(spool_pct)))
        rows.append(("STANDBY_ERROR_TIME", "NULL"))
    rows.append(("PEER_WINDOW(seconds)", str(s.get("peer_window", 0))))
    if "peer_window_end" in s:
        rows.append(("PEER_WINDOW_END", db2pd_time(s["peer_window_end"])))
    rows.append(("READS_ON_STANDBY_ENABLED", "N"))
    return [f"{name:>40} = {value}" for name, value in rows]


def db2pd_file(samples, **kw):
    lines = []
    for s in samples:
        lines += ["", header(s["role"], s["t"], s.get("db", "HADRDB")), ""]
        lines += db2pd_section(s, **kw)
        lines.append("")
    return "\n".join(lines) + "\n"


def series(n, role, step=10, skew=0, **figures):
    """n samples `step` s apart; each figure is a value or a function of the sample's index."""
    out = []
    for i in range(n):
        s = {"role": role, "t": START + i * step + skew}
        for key, value in figures.items():
            s[key] = value(i) if callable(value) else value
        out.append(s)
    return out


def write(name, text):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)


def pair(name, n, figures, primary_only=None, standby_only=None, **kw):
    both = dict(figures)
    p = series(n, "PRIMARY", **{**both, **(primary_only or {})})
    s = series(n, "STANDBY", skew=2, **{**both, **(standby_only or {})})
    write(f"{name}.primary.txt", db2pd_file(p, **kw))
    write(f"{name}.standby.txt", db2pd_file(s, **kw))


def replay_blocked():
    # Replay at 6 MB/s holds the primary to it: buffer full, the gap near its size.
    rate, buf = 6_000_000, 4096
    pair("replay", 7, dict(
        mode="NEARSYNC", state="PEER", connect="CONNECTED", connect_time=START - 7200,
        wait_acc=lambda i: 100 + i * 10 * 0.9, wait_count=lambda i: 50000 + i * 150,
        ppos=lambda i: 10_000_000_000 + i * 10 * rate,
        spos=lambda i: 10_000_000_000 + i * 10 * rate - 40000,
        rpos=lambda i: 10_000_000_000 + i * 10 * rate - 40000 - buf * PAGE + 65536,
        buf_pages=buf, buf_pct=100, flags=["TCP_PROTOCOL", "STANDBY_RECV_BLOCKED"], wait_avg=0.06))


def replay_v101_spool():
    # V10.1: no HADR_FLAGS, no spool percentage; the unreplayed log fills the spool.
    spool, rate = 262144, 20_000_000
    s = series(6, "STANDBY", mode="ASYNC", state="PEER", connect="CONNECTED", connect_time=START - 600,
               wait_acc=lambda i: 40 + i * 2.0, wait_count=lambda i: 9000 + i * 100,
               ppos=lambda i: 5_000_000_000 + i * 10 * rate,
               spos=lambda i: 5_000_000_000 + i * 10 * rate - 1_000_000,
               rpos=lambda i: 5_000_000_000 + i * 10 * rate - 1_000_000 - spool * PAGE + 4_000_000,
               buf_pages=8192, buf_pct=100, spool=spool)
    write("replay_v101.standby.txt", db2pd_file(s, flags=False, v105=False))


def device_full():
    s = series(4, "STANDBY", mode="NEARSYNC", state="PEER", connect="CONNECTED",
               connect_time=START - 3600, wait_acc=lambda i: 300 + i * 9.5,
               wait_count=lambda i: 80000 + i * 10, ppos=lambda i: 9_000_000_000 + i * 40960,
               spos=lambda i: 9_000_000_000 + i * 40960, rpos=lambda i: 8_990_000_000 + i * 40960,
               buf_pct=20, spool=-1, spool_pct=97,
               flags=["TCP_PROTOCOL", "STANDBY_LOG_DEVICE_FULL", "STANDBY_RECV_BLOCKED"])
    write("device_full.standby.txt", db2pd_file(s))


def network_sync():
    # SYNC across a slow link: 35 ms a write, the standby never blocked.
    rate = 25 * 24 * PAGE  # 25 writes a second of 24 pages
    pair("network", 7, dict(
        mode="SYNC", state="PEER", connect="CONNECTED", connect_time=START - 86400,
        wait_acc=lambda i: 2000 + i * 10 * 0.035 * 25, wait_count=lambda i: 400000 + i * 250,
        ppos=lambda i: 70_000_000_000 + i * 10 * rate, spos=lambda i: 70_000_000_000 + i * 10 * rate,
        rpos=lambda i: 70_000_000_000 + i * 10 * rate - 90000, buf_pct=lambda i: 2 + i % 3,
        snd_req=1048576, snd=425984, rcv_req=1048576, rcv=425984, wait_avg=0.035))


def healthy():
    rate = 12_000_000
    pair("healthy", 7, dict(
        mode="NEARSYNC", state="PEER", connect="CONNECTED", connect_time=START - 86400,
        wait_acc=lambda i: 500 + i * 10 * 0.002 * 400, wait_count=lambda i: 700000 + i * 4000,
        ppos=lambda i: 30_000_000_000 + i * 10 * rate,
        spos=lambda i: 30_000_000_000 + i * 10 * rate - (i % 2) * 12288,
        rpos=lambda i: 30_000_000_000 + i * 10 * rate - 300000, buf_pct=lambda i: 5 + i % 4))


def reconnected():
    # The standby came back at the third sample: remote catch-up, then peer, waits small.
    rate = 4_000_000
    def state(i):
        return "REMOTE_CATCHUP" if i < 4 else "PEER"
    def spos(i):
        behind = max(0, 200_000_000 - i * 60_000_000) if i >= 2 else 200_000_000 + i * 40_000_000
        return 20_000_000_000 + i * 10 * rate - behind
    p = series(8, "PRIMARY", mode="NEARSYNC", state=lambda i: "DISCONNECTED" if i < 2 else state(i),
               connect=lambda i: "DISCONNECTED" if i < 2 else "CONNECTED",
               connect_time=lambda i: START - 30 if i < 2 else START + 15,
               wait_acc=lambda i: 100 + max(0, i - 4) * 10 * 0.003 * 100,
               wait_count=lambda i: 10000 + max(0, i - 4) * 1000,
               ppos=lambda i: 20_000_000_000 + i * 10 * rate, spos=spos,
               rpos=lambda i: spos(i) - 100000)
    write("reconnected.primary.txt", db2pd_file(p))


def superasync_catchup():
    # SUPERASYNC never peers; congestion is normal while shipping keeps up.
    rate = 9_000_000
    p = series(6, "PRIMARY", mode="SUPERASYNC", state="REMOTE_CATCHUP",
               connect=lambda i: "CONGESTED" if i % 2 else "CONNECTED",
               connect_time=lambda i: START + i * 10 - (4 if i % 2 else 3600),
               wait_acc=50.0, wait_count=2000, ppos=lambda i: 40_000_000_000 + i * 10 * rate,
               spos=lambda i: 40_000_000_000 + i * 10 * rate - 3_000_000 + (i % 2) * 200000,
               rpos=lambda i: 40_000_000_000 + i * 10 * rate - 3_500_000)
    write("superasync.primary.txt", db2pd_file(p))


def peer_window():
    p = series(3, "PRIMARY", mode="NEARSYNC", state=lambda i: "PEER" if i == 0 else "DISCONNECTED_PEER",
               connect=lambda i: "CONNECTED" if i == 0 else "DISCONNECTED",
               connect_time=lambda i: START - 3600 if i == 0 else START + 5,
               wait_acc=lambda i: 10 + i * 9.0, wait_count=lambda i: 3000 + (i == 0) * 1,
               wait_cur=lambda i: 0.0 if i == 0 else (i - 1) * 10 + 5.0,
               ppos=40_960_000, spos=40_960_000, rpos=40_900_000, peer_window=120,
               peer_window_end=START + 5 + 120)
    write("peer_window.primary.txt", db2pd_file(p))


def disconnected():
    rate = 2_000_000
    p = series(5, "PRIMARY", mode="ASYNC", state=lambda i: "PEER" if i < 2 else "DISCONNECTED",
               connect=lambda i: "CONNECTED" if i < 2 else "DISCONNECTED",
               connect_time=lambda i: START - 3600 if i < 2 else START + 15,
               wait_acc=7.5, wait_count=1500, ppos=lambda i: 1_000_000_000 + i * 10 * rate,
               spos=lambda i: 1_000_000_000 + min(i, 1) * 10 * rate,
               rpos=lambda i: 1_000_000_000 + min(i, 1) * 10 * rate - 8192)
    write("disconnected.primary.txt", db2pd_file(p))


def one_sample():
    p = series(1, "PRIMARY", mode="NEARSYNC", state="PEER", connect="CONNECTED",
               connect_time=START - 86400, wait_acc=12.0, wait_count=4000, ppos=123456789,
               spos=123456789, rpos=123400000, snd=32768, rcv=32768)
    write("one_sample.primary.txt", db2pd_file(p))


def v97():
    """V9.7: tables, hex LSNs, no waits; the standby's buffer full, receive blocked."""
    def block(role, i, date_on_next_line):
        t = START + i * 15
        lsn_p = 0x1CA4000 + i * 15 * 2_500_000
        lsn_s = lsn_p - 4000 * PAGE
        stamp = wall(t).strftime("%Y-%m-%d-%H.%M.%S.%f")
        head = f"Database Partition 0 -- Database SALESDB -- {'Active' if role == 'Primary' else 'Standby'} -- Up 3 days 04:10:11"
        lines = ["", head + ("" if date_on_next_line else f" -- Date {stamp}")]
        if date_on_next_line:
            lines.append(f"-- Date {stamp}")
        connect = wall(START - 5000)
        local, remote = ("server1.example.com", "server2.example.com")
        if role == "Standby":
            local, remote = remote, local
        lines += [
            "", "HADR Information:",
            "Role    State                SyncMode HeartBeatsMissed   LogGapRunAvg (bytes)",
            f"{role:<7} Peer                 Nearsync 0                  {16384 + i}", "",
            "ConnectStatus ConnectTime                           Timeout",
            f"Connected     {connect.strftime('%a %b %d %H:%M:%S %Y')} ({START - 5000}) 120", "",
            "LocalHost                                LocalService",
            f"{local:<40} hadr_svc1", "",
            "RemoteHost                               RemoteService      RemoteInstance",
            f"{remote:<40} hadr_svc2          db2inst1", "",
            "PrimaryFile  PrimaryPg  PrimaryLSN",
            f"S0000833.LOG {i * 9:<10} 0x{lsn_p:016X}", "",
        ]
        if role == "Standby":
            lines += ["StandByFile  StandByPg  StandByLSN         StandByRcvBufUsed",
                      f"S0000832.LOG {i * 9:<10} 0x{lsn_s:016X} 100%", ""]
        else:
            lines += ["StandByFile  StandByPg  StandByLSN",
                      f"S0000832.LOG {i * 9:<10} 0x{lsn_s:016X}", ""]
        return lines
    write("replay_v97.primary.txt", "\n".join(sum((block("Primary", i, i % 2 == 1) for i in range(5)), [])) + "\n")
    write("replay_v97.standby.txt", "\n".join(sum((block("Standby", i, False) for i in range(5)), [])) + "\n")


MON_COLUMNS = ["SAMPLE_TIME", "HADR_ROLE", "REPLAY_TYPE", "HADR_SYNCMODE", "STANDBY_ID", "LOG_STREAM_ID",
               "HADR_STATE", "HADR_FLAGS", "PRIMARY_MEMBER_HOST", "STANDBY_MEMBER_HOST",
               "HADR_CONNECT_STATUS", "HADR_CONNECT_STATUS_TIME", "HEARTBEAT_INTERVAL", "HEARTBEAT_MISSED",
               "HEARTBEAT_EXPECTED", "HADR_TIMEOUT", "PEER_WAIT_LIMIT", "LOG_HADR_WAIT_CUR",
               "LOG_HADR_WAIT_TIME", "LOG_HADR_WAITS_TOTAL", "SOCK_SEND_BUF_REQUESTED",
               "SOCK_SEND_BUF_ACTUAL", "SOCK_RECV_BUF_REQUESTED", "SOCK_RECV_BUF_ACTUAL",
               "PRIMARY_LOG_FILE", "PRIMARY_LOG_PAGE", "PRIMARY_LOG_POS", "STANDBY_LOG_FILE",
               "STANDBY_LOG_PAGE", "STANDBY_LOG_POS", "HADR_LOG_GAP", "STANDBY_REPLAY_LOG_FILE",
               "STANDBY_REPLAY_LOG_PAGE", "STANDBY_REPLAY_LOG_POS", "STANDBY_RECV_REPLAY_GAP",
               "STANDBY_RECV_BUF_SIZE", "STANDBY_RECV_BUF_PERCENT", "STANDBY_SPOOL_LIMIT",
               "STANDBY_SPOOL_PERCENT", "PEER_WINDOW", "READS_ON_STANDBY_ENABLED"]


def mon_rows(n, mode, connect, connect_time, wait_ms, writes, rate, gap):
    rows = []
    for i in range(n):
        t = START + i * 60
        ppos = 50_000_000_000 + i * 60 * rate
        spos = ppos - gap(i)
        stamp = lambda e: wall(e).strftime("%Y-%m-%d-%H.%M.%S.%f")
        rows.append([stamp(t), "PRIMARY", "PHYSICAL", mode, "1", "0", "PEER", "TCP_PROTOCOL",
                     "dbhost-a", "dbhost-b", connect(i), stamp(connect_time(i)), "30000", "0", "400",
                     "120000", "0", "0", f"{900000 + i * 60 * writes * wait_ms:.0f}",
                     str(3_000_000 + i * 60 * writes), "0", "87040", "0", "131072",
                     "S0001200.LOG", "100", str(ppos), "S0001200.LOG", "90", str(spos), str(gap(i)),
                     "S0001200.LOG", "80", str(spos - 50000), "50000", "4096", "1", "0", "", "0", "N"])
    return rows


def mon_get_hadr():
    # ASYNC, congested for seconds at a time in peer state, the gap growing: the link.
    csv_rows = mon_rows(6, "ASYNC", lambda i: "CONGESTED" if i > 0 else "CONNECTED",
                        lambda i: START + i * 60 - (4 + i if i > 0 else 7200), 0.8, 300, 5_000_000,
                        lambda i: 1_000_000 + i * 3_000_000)
    lines = [",".join(MON_COLUMNS)]
    for row in csv_rows:
        lines.append(",".join(f'"{v}"' if not v.replace(".", "").replace("-", "").isdigit() else v for v in row))
    write("network_mon.primary.csv", "\n".join(lines) + "\n")
    # NEARSYNC as the CLP prints it: 30 writes a second of 16 pages, 25 ms each.
    tbl_rows = mon_rows(4, "NEARSYNC", lambda i: "CONNECTED", lambda i: START - 90000, 25, 30, 30 * 16 * PAGE,
                        lambda i: 8192)
    widths = [max(len(c), max(len(r[k]) for r in tbl_rows)) for k, c in enumerate(MON_COLUMNS)]
    def line(values):
        return " ".join(v.ljust(w) for v, w in zip(values, widths)).rstrip()
    out = []
    for row in tbl_rows:
        out += ["", line(MON_COLUMNS), " ".join("-" * w for w in widths),
                line(["-" if v == "" else v for v in row]), "", "  1 record(s) selected.", ""]
    write("network_mon.primary.tbl", "\n".join(out) + "\n")


if __name__ == "__main__":
    replay_blocked()
    replay_v101_spool()
    device_full()
    network_sync()
    healthy()
    reconnected()
    superasync_catchup()
    peer_window()
    disconnected()
    one_sample()
    v97()
    mon_get_hadr()
