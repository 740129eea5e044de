#pragma once
// One reading of a running pair's HADR monitor for one channel (a standby, or
// one log stream of it in pureScale): what `db2pd -hadr` or MON_GET_HADR
// reported, each figure in one unit whatever the source used (bytes, seconds,
// pages, percent). A figure the source left out, or gave as NULL, is empty.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace simhadr {

enum class MonitorFormat : std::uint8_t {
  Db2pd,            // V10.1 and later: FIELD = value sections
  Db2pdV97,         // V9.7 and earlier: header-row/value-row tables
  MonGetHadrCsv,    // MON_GET_HADR rows as CSV, with a header row
  MonGetHadrTable,  // MON_GET_HADR as the CLP prints a query: names, dashes, rows
};

// "db2pd", "db2pd V9.7", "MON_GET_HADR CSV", "MON_GET_HADR table"
std::string_view monitor_format_name(MonitorFormat format);

// The line a sample's section or row starts on, for messages and reports.
struct SourceLine {
  std::string file;
  std::size_t line = 0;
};

// Input that cannot be read as a monitor sample; the message names file and line.
class MonitorInputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Where time stamps stand. Utc: seconds since 1970 (db2pd prints the epoch
// beside its local times, and the header's local time is put on the same
// clock). Local: the host's wall clock read as if it were UTC, when the
// source gives nothing to convert it with (MON_GET_HADR, or db2pd without a
// single time field filled in).
enum class MonitorClock : std::uint8_t { Utc, Local };

struct SocketBufferSizes {
  std::optional<std::int64_t> requested;  // 0: DB2_HADR_SOSNDBUF/SORCVBUF not set
  std::optional<std::int64_t> actual;
};

struct HadrSample {
  SourceLine source;
  MonitorFormat format = MonitorFormat::Db2pd;
  MonitorClock clock = MonitorClock::Local;
  std::optional<double> time;        // when it was taken, on `clock`
  std::optional<double> up_seconds;  // how long the database had been active then (db2pd)
  std::optional<double> local_time;  // the same moment on the host's wall clock, for display

  std::string database;  // empty: the source does not say (MON_GET_HADR without a name column)
  std::string role;      // PRIMARY or STANDBY
  std::string sync_mode, state, connect_status;  // as V10.1 spells them: NEARSYNC, REMOTE_CATCHUP
  std::optional<double> connect_status_time;     // on `clock`
  std::string primary_host, standby_host;        // PRIMARY_MEMBER_HOST, STANDBY_MEMBER_HOST
  std::optional<std::int64_t> standby_id, log_stream_id;
  std::optional<std::int64_t> primary_member, standby_member;  // pureScale members
  std::vector<std::string> flags;                              // HADR_FLAGS, one word each
  bool reports_flags = false;  // HADR_FLAGS was there (V10.5 and later), even if empty

  std::optional<double> heartbeat_interval, hadr_timeout, peer_wait_limit, peer_window;  // seconds
  std::optional<double> peer_window_end;                               // on `clock`
  std::optional<std::int64_t> heartbeats_missed, heartbeats_expected;  // since activation
  std::optional<double> time_since_last_recv;  // seconds since the other side was last heard
  std::optional<double> wait_current;          // LOG_HADR_WAIT_CUR, seconds
  std::optional<double> wait_recent_avg;       // a running average: shown, never judged by
  std::optional<double> wait_accumulated;      // LOG_HADR_WAIT_ACCUMULATED / _TIME, seconds
  std::optional<std::int64_t> wait_count;      // LOG_HADR_WAIT_COUNT / LOG_HADR_WAITS_TOTAL
  // When the last log record each position stands at was written, on `clock`.
  std::optional<double> primary_log_time, standby_log_time, replay_log_time;
  std::optional<double> replay_delay;  // HADR_REPLAY_DELAY, seconds; 0: none
  SocketBufferSizes send_buffer, receive_buffer;

  // Byte offsets in the log stream (V9.7: its LSNs, which count bytes too).
  std::optional<std::int64_t> primary_pos, standby_pos, replay_pos;
  // Running averages (HADR_LOG_GAP, STANDBY_RECV_REPLAY_GAP): kept, never judged by.
  std::optional<std::int64_t> log_gap_average, recv_replay_gap_average;
  std::optional<std::int64_t> receive_buffer_pages, spool_limit_pages;  // spool -1: unlimited
  std::optional<double> receive_buffer_percent, spool_percent;

  // Which run of the monitor (one db2pd call, one query) took it: a run gives
  // one sample of each channel, whatever the number of standbys and streams.
  std::size_t run = 0;

  bool is_primary() const { return role == "PRIMARY"; }
  // A MON_GET_HADR query that left out HADR_ROLE: read for what it has.
  bool role_unknown() const { return role.empty(); }
  // How far replay stands behind the primary's log, in time: PRIMARY_LOG_TIME -
  // STANDBY_REPLAY_LOG_TIME, as this side last knew them.
  std::optional<double> replay_lag() const;
  // Remote catch-up, where IBM counts congestion as normal; SUPERASYNC never leaves it.
  bool in_remote_catchup() const {
    return state.starts_with("REMOTE_CATCHUP") || sync_mode == "SUPERASYNC";
  }
  bool has_flag(std::string_view flag) const;
  // "file:line", for messages.
  std::string where() const;
};

// How a host is matched across files and sides: case aside, and a name's
// domain aside (one side may know it as hostS1, the other as hostS1.ibm.com).
std::string host_key(std::string_view host);

// Which standby of its database and log stream a sample is of: its host
// (host_key), or, where the source names no host, its STANDBY_ID.
std::string standby_key(const HadrSample& sample);

// "2011-06-08T13:57:23.199": a wall-clock time as seconds read as if UTC.
std::string wall_clock_text(double local_seconds);

// "13:57:23 (file:line)": when and where a sample was taken, for evidence;
// "file:line" alone for a sample with no time.
std::string seen_at(const HadrSample& sample);

// "13:57:23": when a sample was taken, on its host's wall clock; "no time" without one.
std::string time_of_day(const HadrSample& sample);

}  // namespace simhadr
