// What happened between two readings of the log counters, and where a
// commit's time went.
#include <algorithm>

#include "simhadr/monitor/channel.hpp"
#include "simhadr/monitor/log_series.hpp"

namespace simhadr {

namespace {

template <typename T>
std::optional<double> ratio(const std::optional<T>& a, const std::optional<std::int64_t>& b) {
  if (!a || !b || *b <= 0) return std::nullopt;
  return static_cast<double>(*a) / static_cast<double>(*b);
}

std::optional<double> per_second(const std::optional<std::int64_t>& count,
                                 const std::optional<double>& seconds) {
  if (!count || !seconds || *seconds <= 0) return std::nullopt;
  return static_cast<double>(*count) / *seconds;
}

}  // namespace

void LogDeltas::add(const LogDeltas& o) {
  add_optional(seconds, o.seconds);
  add_optional(log_bytes, o.log_bytes);
  add_optional(rate_seconds, o.rate_seconds);
  add_optional(rated_bytes, o.rated_bytes);
  add_optional(pages, o.pages);
  add_optional(writes, o.writes);
  add_optional(write_seconds, o.write_seconds);
  add_optional(hadr_wait_seconds, o.hadr_wait_seconds);
  add_optional(hadr_waits, o.hadr_waits);
  add_optional(commit_seconds, o.commit_seconds);
  add_optional(disk_wait_seconds, o.disk_wait_seconds);
  add_optional(commits, o.commits);
}

std::optional<double> LogDeltas::log_rate() const {
  if (!rated_bytes || !rate_seconds || *rate_seconds <= 0) return std::nullopt;
  return static_cast<double>(*rated_bytes) / *rate_seconds;
}
std::optional<double> LogDeltas::pages_per_write() const {
  return ratio(pages, writes);
}
std::optional<double> LogDeltas::write_time() const {
  return ratio(write_seconds, writes);
}
std::optional<double> LogDeltas::write_time_per_mb() const {
  if (!write_seconds || !pages || *pages <= 0) return std::nullopt;
  return *write_seconds / (static_cast<double>(*pages) * kLogPageBytes / 1e6);
}
std::optional<double> LogDeltas::hadr_wait_per_wait() const {
  return ratio(hadr_wait_seconds, hadr_waits);
}
std::optional<double> LogDeltas::hadr_wait_per_write() const {
  return ratio(hadr_wait_seconds, writes);
}
std::optional<double> LogDeltas::commit_time() const {
  return ratio(commit_seconds, commits);
}
std::optional<double> LogDeltas::writes_per_second() const {
  return per_second(writes, seconds);
}
std::optional<double> LogDeltas::commits_per_second() const {
  return per_second(commits, seconds);
}

std::optional<double> CommitSplit::other_share() const {
  if (!other || total <= 0) return std::nullopt;
  return *other / total;
}

std::optional<CommitSplit> split_of(const LogDeltas& d) {
  // Without the wait for HADR, all of a flush would look like the disk's.
  if (!d.write_seconds || !d.writes || *d.writes <= 0 || !d.hadr_wait_seconds) return std::nullopt;
  const double hadr = *d.hadr_wait_seconds;
  const double flush = *d.write_seconds + hadr;
  CommitSplit split;
  const auto commit_time = d.commit_time();
  if (commit_time && d.disk_wait_seconds && flush > 0) {
    // A commit's log disk wait is the flush it waited for: split as the logger's time was.
    // LOG_DISK_WAIT_TIME counts agents' other waits for the log too (a full log buffer, a
    // rollback): more than the commits' time is theirs, not a commit's.
    double waited = *d.disk_wait_seconds / static_cast<double>(*d.commits);
    split.wait_beyond_commits = waited > *commit_time;
    waited = std::min(waited, *commit_time);
    split.per_commit = true;
    split.total = *commit_time;
    split.disk = waited * *d.write_seconds / flush;
    split.hadr = waited * hadr / flush;
    split.other = *commit_time - waited;
    return split;
  }
  const double writes = static_cast<double>(*d.writes);
  split.total = flush / writes;
  split.disk = *d.write_seconds / writes;
  split.hadr = hadr / writes;
  return split;
}

}  // namespace simhadr
