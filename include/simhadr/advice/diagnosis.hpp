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
#include "simhadr/monitor/channel.hpp"

namespace simhadr {

// Most severe first: a pair's verdict is its worst channel's.
enum class HadrVerdict : std::uint8_t {
  Disconnected,
  PeerWindow,
  StandbyLogDeviceFull,
  StandbyReplay,
  Network,
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

ChannelDiagnosis diagnose(const Channel& channel);

// What else the samples show, whatever the verdict (advice/diagnosis_findings.cpp).
std::vector<std::string> findings_of(const Channel& channel);
// What the last sample shows by itself (advice/sample_findings.cpp).
std::vector<std::string> sample_findings(const Channel& channel);
// Where each side's figures came from and what the format cannot give:
// findings listed after those that show something (advice/diagnosis_findings.cpp).
std::vector<std::string> source_notes(const Channel& channel);

// The plan for a channel and its verdict (advice/confirm_plan.cpp).
ConfirmPlan confirm_plan(const Channel& channel, std::optional<HadrVerdict> verdict);

// The channel whose verdict is the pair's: the most severe one with a verdict.
std::size_t worst_channel(const std::vector<ChannelDiagnosis>& diagnoses);

// Everything -diagnose found: the files read, their channels, and each one's diagnosis.
struct PairDiagnosis {
  std::vector<MonitorFile> files;
  std::vector<Channel> channels;
  std::vector<ChannelDiagnosis> diagnoses;  // one per channel
  std::size_t worst = 0;                    // the channel whose verdict is the pair's
};

PairDiagnosis diagnose_pair(std::vector<MonitorFile> files);

}  // namespace simhadr
