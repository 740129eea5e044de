#pragma once
// The figures behind a verdict, as the advisor found them; the text reporter
// writes the sentence (report/evidence_text), and -json carries both. Which
// sentence, and so which figures are set, is the `form`; a figure the form
// does not use stays empty.
#include <cstdint>
#include <optional>
#include <string_view>

namespace simhadr {

enum class EvidenceForm : std::uint8_t {
  NoFlush,              // no flush completed
  PrimaryWrite,         // the primary's log write per flush
  StandbyWrite,         // the standby's
  WritesInSeries,       // SYNC: the primary's write, then the standby's
  EitherWrite,          // two writes alike, either one the limit
  DiskCap,              // a disk's IOPS or MB/s cap holds its writes to its rate
  LinkTime,             // a flush's time on the link
  SenderCpu,            // handing a flush to TCP
  RoundTrip,            // the ack's round trip
  ModelledWindow,       // the window over the round trip (-netDelay)
  SendBufferInFlight,   // a real primary's send buffer all in flight
  WindowClosed,         // the standby's receive window closed (TCP's figures)
  SendsWaited,          // sends waited for room (no TCP figures)
  Replay,               // the standby's replay per flush
  UplinkFull,           // -model's shared uplink ran full
  CpuWait,              // this process waited for a CPU
  Outages,              // the connection's stalls
  PacketLoss,           // TCP sent much again
  StandbyBufferFull,    // a standby's report: its buffer full, the primary waited
  StandbyNotLimiting,   // a standby's report: its buffer seldom full
  ModelledSenderCpu,    // -model -tls, -tcpCost: the primary's thread on each flush
  ModelledReceiverCpu,  // the standby's thread on it
  LoadCarried,          // the run carried the load it was offered (-target, -logRate, -workload)
  NothingModelled,      // no figure limits the mode: nothing modelled, nothing measured
};

// As -json's evidence_figures.form spells it: "primary_write", "window_closed", ...
std::string_view evidence_form_name(EvidenceForm form);

// What TCP's pace means beside a sender-CPU verdict.
enum class SenderPace : std::uint8_t {
  NoNetworkModelled,  // nothing to compare with
  ThisHostCopying,    // one host: the pace is a CPU copying memory
  WireOrCpu,          // another host, but the CPU time per flush could explain the pace too
};

// As -json spells it: "no_network_modelled", "this_host_copying", "wire_or_cpu".
std::string_view sender_pace_name(SenderPace pace);

// The connection's stalls, where they cost a tenth of the run or more.
struct StallFigures {
  std::uint64_t count = 0;
  double longest_seconds = 0;
  double longest_at_seconds = 0;  // since the run's start
  double total_seconds = 0;
  double share_of_run = 0;
  bool absorbed_by_target = false;  // the run kept its -target pace all the same
};

struct Evidence {
  EvidenceForm form = EvidenceForm::NoFlush;
  double flush_bytes = 0;  // the mean flush the per-flush seconds are for
  std::optional<double> write_seconds;
  std::optional<double> standby_write_seconds;
  std::optional<double> cap_interval_seconds;  // DiskCap: the least time between two writes' starts
  std::optional<double> disk_iops_cap;
  std::optional<double> disk_cap_mbytes_per_sec;
  std::optional<double> uncapped_mbytes_per_sec;  // the mode with that cap lifted
  std::optional<double> send_seconds;             // on the link, or handing to TCP
  std::optional<double> round_trip_seconds;
  std::optional<double> replay_seconds;
  // Where -replayDelay sets replay's pace: the delay, and the bytes the standby holds meanwhile.
  std::optional<double> replay_delay_seconds;
  std::optional<double> replay_held_bytes;
  std::optional<double> cipher_seconds;       // -tls: encrypting (or decrypting) one flush
  std::optional<double> tcp_seconds;          // -tcpCost: TCP's work on it, that side
  std::optional<double> compress_seconds;     // -model -compress: compressing (or restoring) it
  std::optional<double> compression_ratio;    // -model -compress: log bytes per byte on the wire
  std::optional<double> link_mbytes_per_sec;  // TCP payload, modelled or measured
  std::optional<double> modelled_link_mbytes_per_sec;  // -netRate, the link's own rate
  std::optional<SenderPace> sender_pace;
  std::optional<double> tcp_mbytes_per_sec;  // TCP's pace while it had data in flight
  std::optional<std::uint64_t> window_bytes;
  std::optional<double> window_mbytes_per_sec;
  std::optional<std::uint64_t> send_buffer_bytes;
  std::optional<double>
      held_back_share;  // of the run: window closed, buffer in flight, sends waited
  std::optional<double> uplink_mbytes_per_sec;
  std::optional<double> uplink_payload_mbytes_per_sec;
  std::optional<double> outbound_mbytes_per_sec;
  std::optional<double> principal_mbytes_per_sec;
  std::optional<double> cpu_wait_share;
  std::optional<double> log_mbytes_per_sec;      // what the log got (host CPU, packet loss)
  std::optional<double> allowed_mbytes_per_sec;  // what the link and the disks allowed
  std::optional<double> retransmitted_share;
  std::optional<std::uint64_t> retransmitted_bytes;
  std::optional<std::uint64_t> tcp_sent_bytes;
  std::optional<double> wire_mbytes_per_sec;  // every byte TCP sent, retransmissions too
  std::optional<double> buffer_full_share;    // a standby's receive buffer
  std::optional<double> buffer_average_fraction;
  std::optional<double> link_outside_stalls_mbytes_per_sec;
  std::optional<StallFigures> stalls;            // the verdict's own (Outages), or beside another
  std::optional<double> offered_mbytes_per_sec;  // -target, -logRate; a workload's busiest interval
  std::optional<std::uint64_t> workload_intervals;  // -workload: how many it kept up with
  std::optional<double> commit_wait_seconds;        // the average, with -logRate and -workload
  std::optional<double> commit_wait_max_seconds;
  std::optional<double> capacity_mbytes_per_sec;  // what the mode that ran could carry
  // Where the headline passes what the mode allowed: how long the standby took
  // to replay what it received. The rest was in its buffer or on the link.
  std::optional<std::uint64_t> replayed_bytes;
  std::optional<double> replayed_seconds;
  std::optional<double> replayed_mbytes_per_sec;
  bool standby_disk_assumed = false;  // a real primary takes its own -disk for the standby's
  bool encrypted = false;             // a real -tls run: handing to TCP includes encrypting
};

}  // namespace simhadr
