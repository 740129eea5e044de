#pragma once
// A database's log and commit counters in time: the readings of every file
// (db2pd -logs, MON_GET_TRANSACTION_LOG, MON_GET_WORKLOAD, MON_GET_DATABASE)
// set side by side, joined with the primary's HADR samples of the same
// moments, and what happened between them: the log written, the time the log
// disk took a write, the wait for HADR, the time a commit took. As IBM
// support splits it, a commit's log disk wait (LOG_DISK_WAIT_TIME) is the
// logger's flush, its own disk write (LOG_WRITE_TIME, which excludes HADR)
// and then the wait for the standby (LOG_HADR_WAIT_TIME).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "simhadr/monitor/log_sample.hpp"
#include "simhadr/monitor/monitor_input.hpp"

namespace simhadr {

// The counters' moves between two readings (or over a whole series): each
// figure only where both readings had it.
struct LogDeltas {
  std::optional<double> seconds;
  std::optional<std::int64_t> log_bytes;      // Δposition (LSO)
  std::optional<double> rate_seconds;         // of the intervals that gave log_bytes a time
  std::optional<std::int64_t> rated_bytes;    // the log_bytes of those intervals
  std::optional<std::int64_t> pages, writes;  // ΔLOG_WRITES, ΔNUM_LOG_WRITE_IO
  std::optional<double> write_seconds;        // ΔLOG_WRITE_TIME
  std::optional<double> hadr_wait_seconds;    // ΔLOG_HADR_WAIT_TIME
  std::optional<std::int64_t> hadr_waits;
  std::optional<double> commit_seconds,
      disk_wait_seconds;  // ΔTOTAL_COMMIT_TIME, ΔLOG_DISK_WAIT_TIME
  std::optional<std::int64_t> commits;

  void add(const LogDeltas& other);
  std::optional<double> log_rate() const;         // bytes a second
  std::optional<double> pages_per_write() const;  // ΔLOG_WRITES / ΔNUM_LOG_WRITE_IO
  std::optional<double> write_time() const;  // seconds a write: ΔLOG_WRITE_TIME / ΔNUM_LOG_WRITE_IO
  std::optional<double> write_time_per_mb() const;  // seconds a MB (10^6 bytes) written
  std::optional<double> hadr_wait_per_wait() const;
  std::optional<double> hadr_wait_per_write() const;  // ΔLOG_HADR_WAIT_TIME / ΔNUM_LOG_WRITE_IO
  std::optional<double> commit_time() const;          // seconds a commit
  std::optional<double> writes_per_second() const;
  std::optional<double> commits_per_second() const;
};

// Where the time of a commit (or, without commit counters, of a log write) goes.
struct CommitSplit {
  bool per_commit = false;  // of a commit's time; else of a log write's flush
  double total = 0;         // seconds: a commit's, or a write's disk + HADR
  double disk = 0, hadr = 0;
  std::optional<double> other;       // a commit's time outside its log wait (locks aside, CPU, ...)
  bool wait_beyond_commits = false;  // LOG_DISK_WAIT_TIME a commit exceeded its time: capped
  double disk_share() const { return total > 0 ? disk / total : 0; }
  double hadr_share() const { return total > 0 ? hadr / total : 0; }
  std::optional<double> other_share() const;
  // The disk's part of the flush alone (disk / (disk + HADR)).
  double disk_fraction() const { return disk + hadr > 0 ? disk / (disk + hadr) : 0; }
};

// Needs the log disk's time (LOG_WRITE_TIME, NUM_LOG_WRITE_IO) and the HADR wait.
std::optional<CommitSplit> split_of(const LogDeltas& deltas);

struct LogReading {
  std::optional<double> time;       // the host's wall clock read as if UTC
  std::vector<SourceLine> sources;  // the readings merged into it
  LogCounters counters;
  std::map<std::string, std::size_t> rows;  // of each source: the rows (members, workloads) summed
  std::map<std::string, std::string> from;  // counter -> the source that gave it
};

struct LogInterval {
  LogReading reading;  // the reading that ends it
  LogDeltas deltas;
  bool reset = false;  // a counter went back (the database was activated again): left out
  std::optional<CommitSplit> split;
};

struct LogSeries {
  std::string database;              // empty: no file named it
  std::vector<std::string> sources;  // the formats read: "db2pd -logs", "MON_GET_WORKLOAD CSV", ...
  bool joined_hadr = false;          // the HADR wait or position came from HADR samples
  bool log_bytes_from_pages = false;  // ΔLOG_WRITES × 4096: an upper bound
  bool position_from_hadr = false;    // the position is PRIMARY_LOG_POS of the HADR samples
  std::vector<LogReading> readings;
  std::vector<LogInterval> intervals;
  LogDeltas total;
  std::optional<CommitSplit> split;  // over the intervals that give one
  std::vector<std::string> notes;
};

// One series per database that has log or commit counters; a database's HADR
// primary samples fill in the wait and the position where the counters lack them.
std::vector<LogSeries> log_series_of(const std::vector<MonitorFile>& files);

}  // namespace simhadr
