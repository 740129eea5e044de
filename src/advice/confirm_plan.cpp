// The runs that confirm a -diagnose verdict, built from the figures the
// samples gave, and the changes IBM's guide names for it.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "simhadr/advice/diagnosis.hpp"
#include "simhadr/config.hpp"
#include "simhadr/models/network.hpp"

namespace simhadr {

namespace {

constexpr int kConfirmSeconds = 60;
constexpr int kTestPort = 55000;

class Planner {
 public:
  Planner(const Channel& channel, std::optional<HadrVerdict> verdict, const LogSeries* log)
      : channel_(channel),
        summary_(channel.summary),
        last_(channel.lead().back()),
        verdict_(verdict) {
    if (log) log_ = log_model_figures(*log);
  }

  ConfirmPlan run() {
    const bool log_rate_known = log_ && log_->log_rate;
    if (!verdict_ && !log_rate_known) {
      plan_.notes.push_back(
          "no run to confirm until two samples of one side with times show "
          "rates and waits");
      return std::move(plan_);
    }
    switch (verdict_.value_or(HadrVerdict::Healthy)) {
      case HadrVerdict::StandbyReplay:
        replay();
        break;
      case HadrVerdict::Network:
        network();
        break;
      case HadrVerdict::StandbyLogDeviceFull:
        plan_.changes.push_back(
            "enlarge the standby's log device: to at least the spool limit, with room for "
            "LOGPRIMARY + LOGSECOND files and more (replay can hold files longer than the "
            "primary does)");
        break;
      case HadrVerdict::PeerWindow:
        demand();
        plan_.changes.push_back(
            "bring the standby back: the primary holds its commits until it reconnects or the "
            "peer window ends; a shorter HADR_PEER_WINDOW bounds the hold");
        break;
      case HadrVerdict::Disconnected:
        demand();
        plan_.changes.push_back(
            "bring the standby back (is it active? db2pd on it; the HADR ports; the network): "
            "meanwhile the gap grows at the log rate and the standby will need remote catch-up");
        break;
      case HadrVerdict::Healthy:
        demand();
        if (verdict_) plan_.changes.push_back("nothing: the pair keeps up with its log");
        break;
      case HadrVerdict::LogDisk:
        log_disk();
        break;
    }
    if (log_ && !plan_.model_command.empty()) add_log_notes();
    return std::move(plan_);
  }

 private:
  // Where the model's figures from the log counters came from, for the options it has.
  void add_log_notes() {
    const std::string& command = plan_.model_command;
    if (!log_->disk_note.empty()) plan_.notes.push_back(log_->disk_note);
    if (command.find(" -flushSize ") != std::string::npos && !log_->flush_note.empty()) {
      plan_.notes.push_back(log_->flush_note);
    }
    if (!summary_.log_rate && command.find(" -logRate ") != std::string::npos &&
        !log_->rate_note.empty()) {
      plan_.notes.push_back(log_->rate_note);
    }
  }

  // The log disk holds commits back: the model at today's demand with the disk
  // fitted to its writes, and the primary's log path measured.
  void log_disk() {
    demand();
    plan_.host_commands.push_back(
        fmt::format("on {}: simhadr -testDisk PRIMARY_LOG_PATH -flushSize {} -t {}",
                    last_.primary_host.empty() ? "PRIMARY_HOST" : last_.primary_host, flush_pages(),
                    kConfirmSeconds));
    plan_.changes.emplace_back(kFasterLogDisk);
  }

  std::string mode() const { return last_.sync_mode.empty() ? "NEARSYNC" : last_.sync_mode; }

  int flush_pages() {
    if (log_ && log_->flush_pages)
      return std::max(1, static_cast<int>(std::lround(*log_->flush_pages)));
    if (!summary_.flush_bytes) {
      plan_.notes.push_back(fmt::format(
          "no writes in peer state to size a flush: -flushSize {} is a guess; db2logscan "
          "gives the real one",
          kDefaultFlushPages));
      return static_cast<int>(kDefaultFlushPages);
    }
    return std::max(1, static_cast<int>(std::lround(*summary_.flush_bytes / kLogPageBytes)));
  }

  // The standby's buffer and, where replay is modelled, its spool, as the standby reported them.
  std::string standby_buffers(bool with_spool) const {
    const std::vector<HadrSample>& standby =
        channel_.standby.empty() ? channel_.lead() : channel_.standby;
    const HadrSample& s = standby.back();
    std::string options;
    if (s.receive_buffer_pages && *s.receive_buffer_pages > 0) {
      options += fmt::format(" -hadrBufSize {}", *s.receive_buffer_pages);
    }
    if (with_spool && s.spool_limit_pages && *s.spool_limit_pages != 0) {
      options += *s.spool_limit_pages < 0 ? std::string(" -spoolLimit unlimited")
                                          : fmt::format(" -spoolLimit {}", *s.spool_limit_pages);
    }
    return options;
  }

  // Blocked by replay, the primary logs only as fast as replay lets it, so
  // the log rate seen is the limit, not the demand: the model ships as fast as
  // it can, and replay alone holds it back.
  void replay() {
    const std::optional<double> rate =
        summary_.replay_rate ? summary_.replay_rate : summary_.ship_rate;
    if (!rate || *rate <= 0) {
      plan_.notes.push_back("the replay rate needs two standby samples with times");
    } else {
      plan_.model_command = fmt::format(
          "simhadr -model -syncMode {} -flushSize {}{}{} -replay {} -t {}", mode(), flush_pages(),
          standby_buffers(true), disk(), rate_option(*rate), kConfirmSeconds);
      plan_.notes.push_back(
          "-replay is the replay rate the standby showed; the model ships as fast as it can, "
          "since a blocked standby holds the primary's log rate down to its own");
    }
    plan_.changes = {
        "a larger spool (HADR_SPOOL_LIMIT; IBM: start at 512 MB and double while it helps) "
        "or, with spooling off, DB2_HADR_BUF_SIZE: a peak then waits on the standby, not the "
        "primary, at the cost of a longer takeover",
        "faster replay: the standby's CPU and IO as the primary's, its buffer pools and "
        "NUM_IOCLEANERS as the primary's, reads on standby off while it lags",
        fmt::format("DB2_HADR_PEER_WAIT_LIMIT of at least {:.0f} s, so a blocked standby stops "
                    "holding commits (the pair leaves peer state)",
                    kLeastPeerWaitLimitSeconds),
        "SUPERASYNC over a known load peak (a reorg, a load), back to the usual mode once the "
        "gaps close",
    };
  }

  void network() {
    const int pages = flush_pages();
    const std::optional<double> rate = summary_.ship_rate ? summary_.ship_rate : summary_.log_rate;
    const std::string m = mode();
    if (!rate || *rate <= 0) {
      plan_.notes.push_back("the shipping rate needs two samples with times");
    } else {
      std::string command =
          fmt::format("simhadr -model -syncMode {} -flushSize {}{} -netRate {}", m, pages, disk(),
                      rate_option(*rate / NetworkModel::kPayloadShare));
      // The monitors give the rate the pair shipped at but no round trip, and a
      // wait per write cannot be split into transfer and round trip: rate times
      // wait never exceeds the flush, so the transfer at that rate is the whole wait.
      plan_.model_command = command + fmt::format(" -t {}", kConfirmSeconds);
      plan_.notes.push_back(fmt::format(
          "-netRate is the rate the pair shipped at ({} MB/s of log), so the link's is at least "
          "that; the monitors give no round trip: add -netDelay with half of what ping measures "
          "between the hosts, then raise -netRate until the model carries {} MB/s again, and "
          "that is the link as the pair sees it",
          rate_option(*rate), rate_option(*rate)));
    }
    host_commands(pages, m);
    plan_.changes = {
        "DB2_HADR_SOSNDBUF and DB2_HADR_SORCVBUF: run the two host commands with -sockSndBuf and "
        "-sockRcvBuf from 65536 up, doubling (tools/sweep), and set the size where the rate "
        "stops rising",
        fmt::format("a less demanding mode than {}: the model's \"Same models, each sync mode\" "
                    "line gives what each would carry",
                    m),
        fmt::format("DB2_HADR_PEER_WAIT_LIMIT of at least {:.0f} s bounds how long a commit "
                    "waits, at the cost of leaving peer state",
                    kLeastPeerWaitLimitSeconds),
    };
  }

  void host_commands(int pages, const std::string& m) {
    const HadrSample& p = channel_.primary.empty() ? last_ : channel_.primary.back();
    const HadrSample* s = channel_.standby.empty() ? nullptr : &channel_.standby.back();
    const std::string primary_host =
        last_.primary_host.empty() ? "PRIMARY_HOST" : last_.primary_host;
    const std::string standby_host =
        channel_.key.standby_host.empty() ? "STANDBY_HOST" : channel_.key.standby_host;
    // IBM: where DB2_HADR_SOSNDBUF or SORCVBUF is set, test with the same size; else the system's.
    const auto buffers = [](const HadrSample& side) {
      std::string options;
      if (side.send_buffer.requested.value_or(0) > 0) {
        options += fmt::format(" -sockSndBuf {}", *side.send_buffer.requested);
      }
      if (side.receive_buffer.requested.value_or(0) > 0) {
        options += fmt::format(" -sockRcvBuf {}", *side.receive_buffer.requested);
      }
      return options;
    };
    plan_.host_commands = {
        fmt::format("on {0}: simhadr -role standby -lhost {0} -lport {2} -rhost {1} -rport {2}{3}",
                    standby_host, primary_host, kTestPort, buffers(s ? *s : p)),
        fmt::format("on {0}: simhadr -role primary -lhost {0} -lport {2} -rhost {1} -rport {2} "
                    "-syncMode {3} -flushSize {4} -t {5}{6}",
                    primary_host, standby_host, kTestPort, m, pages, kConfirmSeconds, buffers(p)),
        fmt::format("on {}: simhadr -testDisk STANDBY_LOG_PATH -flushSize {} -t {}", standby_host,
                    pages, kConfirmSeconds),
        fmt::format("on {}: simhadr -testDisk PRIMARY_LOG_PATH -flushSize {} -t {}", primary_host,
                    pages, kConfirmSeconds),
    };
    plan_.notes.push_back(fmt::format(
        "the host commands: port {} (any port free on both hosts), the standby's first; the "
        "-testDisk lines write in the log paths' file systems, so give them the log directories",
        kTestPort));
  }

  // What the pair does at today's log rate: with nothing wrong, the figures
  // a model of it should reproduce.
  void demand() {
    const std::optional<double> log_rate = summary_.log_rate ? summary_.log_rate
                                           : log_            ? log_->log_rate
                                                             : std::nullopt;
    if (!log_rate || *log_rate <= 0) {
      plan_.notes.push_back(fmt::format(
          "no run to confirm: the model needs the primary's log rate, which two timed samples "
          "of the primary give; then simhadr -model -syncMode {} -logRate MB/s shows what the "
          "pair does at that demand",
          mode()));
      return;
    }
    plan_.model_command =
        fmt::format("simhadr -model -syncMode {} -logRate {} -logBufSize {}{}{} -t {}", mode(),
                    rate_option(*log_rate), kDefaultLogBufferPages, disk(), standby_buffers(false),
                    kConfirmSeconds);
    plan_.notes.push_back(
        fmt::format("{}-logBufSize {} is Db2's default LOGBUFSZ: put the database's own there",
                    summary_.log_rate ? "-logRate is the rate the primary logged; " : "",
                    kDefaultLogBufferPages));
    // Replay kept up, so the rate it showed is the log's, not what it could do: left out.
  }

  std::string disk() const { return log_ ? log_->disk_option : std::string(); }

  const Channel& channel_;
  const ChannelSummary& summary_;
  const HadrSample& last_;
  std::optional<HadrVerdict> verdict_;
  std::optional<LogModelFigures> log_;
  ConfirmPlan plan_;
};

}  // namespace

ConfirmPlan confirm_plan(const Channel& channel, std::optional<HadrVerdict> verdict,
                         const LogSeries* log) {
  return Planner(channel, verdict, log).run();
}

}  // namespace simhadr
