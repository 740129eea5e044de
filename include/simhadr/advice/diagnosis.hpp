#pragma once
// -diagnose's verdict on a running pair, by the rules of IBM's HADR
// performance guide and monitoring page (docs/diagnose.md quotes each): what
// limits each channel, the figures that show it, what else the samples show,
// and the simhadr runs that confirm it.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "simhadr/advice/failure_costs.hpp"
#include "simhadr/config.hpp"
#include "simhadr/monitor/channel.hpp"
#include "simhadr/monitor/log_series.hpp"

namespace simhadr {

// Most severe first: a pair's verdict is its worst channel's.
enum class HadrVerdict : std::uint8_t {
  Disconnected,
  PeerWindow,
  StandbyLogDeviceFull,
  StandbyReplay,
  Network,
  LogDisk,
  Healthy,
};

// As text and JSON print it: "standby replay", "standby log device full", ...
std::string_view verdict_name(HadrVerdict verdict);

// IBM's figures, each where docs/diagnose.md quotes its rule.
inline constexpr double kLongWaitSeconds = 0.020;          // alert over 20 ms a write
inline constexpr double kHealthyWaitSeconds = 0.010;       // a healthy pair: under 10 ms
inline constexpr double kLongCongestionSeconds = 1;        // longer congestion is of concern
inline constexpr double kStuckWaitSeconds = 5;             // LOG_HADR_WAIT_CUR alert
inline constexpr double kFullPercent = 99;                 // "100%", with rounding
inline constexpr double kNearSizeFraction = 0.9;           // the replay gap "close to" the buffer
inline constexpr std::int64_t kLeastSocketBuffer = 65536;  // IBM's least socket buffer size
// A gap that rose in most intervals and by more than this grew; less is a flush or two.
inline constexpr std::int64_t kGapGrowthBytes = 1000000;
inline constexpr double kLeastPeerWaitLimitSeconds = 5;
// Ours, not IBM's: the log disk's share of a flush (its write and the wait for
// HADR after it) from which the disk, not HADR, is what a commit waits for;
// the same share of HADR leaves the verdict to HADR's rules.
inline constexpr double kDominantShare = 2.0 / 3.0;
// Ours, not IBM's: replay over a minute behind the primary's log (beyond any
// HADR_REPLAY_DELAY) is a takeover that would first replay a minute of log.
inline constexpr double kLaggingReplaySeconds = 60;

// The simhadr runs that check a verdict, and what to change once it holds.
struct ConfirmPlan {
  std::string model_command;               // empty: the samples lack a figure it needs
  std::vector<std::string> notes;          // how to read or complete the command
  std::vector<std::string> host_commands;  // "on HOST: simhadr ..."
  std::vector<std::string> changes;
};

struct ChannelDiagnosis {
  std::optional<HadrVerdict> verdict;  // none: one sample, or no times, showed nothing static
  std::string evidence;
  std::vector<std::string> findings;
  bool static_only = false;  // no timed interval: rates, waits and trends unknown
  ConfirmPlan plan;
  FailureCostsDiagnosis failure_costs;
};

// `log`: the log and commit counters of the channel's database, if any.
ChannelDiagnosis diagnose(const Channel& channel, const LogSeries* log = nullptr);

// The change IBM's guide points to when the log disk holds commits back.
inline constexpr std::string_view kFasterLogDisk =
    "a faster log disk, or one of its own: IBM's guide puts a log write at 5 to 10 ms; simhadr "
    "-testDisk on the log path measures what it gives at each flush size";

// Which side a log flush's time goes to (advice/log_diagnosis.cpp).
enum class FlushSide : std::uint8_t { LogDisk, Hadr, Both };
FlushSide dominant_side(const CommitSplit& split);
// "of a commit's 9.50 ms: log disk 8.00 ms (84%), HADR 1.00 ms (11%), other 0.50 ms (5%)"
std::string split_text(const CommitSplit& split);
// The verdict of a database's counters alone, where no HADR sample is of it.
ChannelDiagnosis diagnose_log(const LogSeries& log);
// The -disk, -flushSize and -logRate the counters give a confirming model, with notes.
// The line through the intervals' log writes (time a write = overhead + bytes / rate);
// none where the writes were all of one size or took no longer when larger.
std::optional<DiskParams> log_disk_fit(const LogSeries& log);
// The highest log rate over one interval: the least bandwidth the link must carry.
std::optional<double> peak_log_rate(const LogSeries& log);
// A rate for -logRate in MB/s, with the digits a small one needs.
std::string rate_option(double bytes_per_second);
struct LogModelFigures {
  std::string disk_option;            // " -disk RATE OVERHEAD", or empty
  std::string disk_note;              // where -disk came from, or why there is none
  std::optional<double> flush_pages;  // ΔLOG_WRITES / ΔNUM_LOG_WRITE_IO (not with -logRate)
  std::string flush_note;
  std::optional<double> log_rate;  // bytes a second, ΔLSO / Δt
  std::string rate_note;
};
LogModelFigures log_model_figures(const LogSeries& log);

// What else the samples show, whatever the verdict (advice/diagnosis_findings.cpp).
std::vector<std::string> findings_of(const Channel& channel);
// What the last sample shows by itself (advice/sample_findings.cpp).
std::vector<std::string> sample_findings(const Channel& channel);
// Where each side's figures came from and what the format cannot give:
// findings listed after those that show something (advice/diagnosis_findings.cpp).
std::vector<std::string> source_notes(const Channel& channel);

// The plan for a channel and its verdict (advice/confirm_plan.cpp).
ConfirmPlan confirm_plan(const Channel& channel, std::optional<HadrVerdict> verdict,
                         const LogSeries* log = nullptr);

// The channel whose verdict is the pair's: the most severe one with a verdict.
std::size_t worst_channel(const std::vector<ChannelDiagnosis>& diagnoses);

// Everything -diagnose found: the files read, their channels, and each one's diagnosis.
struct PairDiagnosis {
  std::vector<MonitorFile> files;
  std::vector<Channel> channels;
  std::vector<ChannelDiagnosis> diagnoses;  // one per channel
  std::size_t worst = 0;                    // the channel whose verdict is the pair's
  std::vector<LogSeries> logs;              // one per database with log or commit counters
  // One per log series: its own verdict where no channel is of its database.
  std::vector<std::optional<ChannelDiagnosis>> log_diagnoses;
  // The pair's verdict: its worst channel's, or without channels the worst log series'.
  const ChannelDiagnosis& headline() const;
  // The log series of a channel's database, if any.
  const LogSeries* log_of(const Channel& channel) const;
};

PairDiagnosis diagnose_pair(std::vector<MonitorFile> files);

}  // namespace simhadr
