#pragma once
// Everything a run measured, as plain totals. Presenters derive rates and
// averages from it; nothing here knows how it will be printed.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "simhadr/config.hpp"
#include "simhadr/measure/buffer_use.hpp"
#include "simhadr/measure/compression_facts.hpp"
#include "simhadr/measure/cpu_usage.hpp"
#include "simhadr/measure/failure_record.hpp"
#include "simhadr/measure/histogram.hpp"
#include "simhadr/measure/interval.hpp"
#include "simhadr/measure/latency_percentiles.hpp"
#include "simhadr/measure/log_gap.hpp"
#include "simhadr/measure/sleep_accuracy.hpp"
#include "simhadr/measure/spool_use.hpp"
#include "simhadr/measure/stalls.hpp"
#include "simhadr/measure/takeover_cost.hpp"
#include "simhadr/measure/tcp_stats.hpp"
#include "simhadr/measure/tls_facts.hpp"
#include "simhadr/models/flush_size.hpp"
#include "simhadr/side_settings.hpp"
#include "simhadr/sync_mode.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

struct IoTally {
  std::uint64_t calls = 0;
  std::uint64_t bytes = 0;
  Nanos time{};
  void add(std::uint64_t call_bytes, Nanos call_time = Nanos{0}) {
    ++calls;
    bytes += call_bytes;
    time += call_time;
  }
};

struct TargetStats {
  double mbytes_per_sec = 0;
  Nanos idle{};
};

// How far an auxiliary standby is behind the primary's log: what the primary
// has written that the auxiliary's TCP has not acknowledged (not yet handed
// to its socket, or in the socket's send queue), the flushes it touches, and
// how old the oldest of it is.
struct StandbyLag {
  std::uint64_t bytes = 0;
  std::uint64_t flushes = 0;
  Nanos log_age{};
  std::uint64_t queued_bytes = 0;  // of `bytes`, in the send queue

  // As a record of the worst: each figure keeps its own largest.
  void keep_worst(const StandbyLag& now) {
    bytes = std::max(bytes, now.bytes);
    flushes = std::max(flushes, now.flushes);
    log_age = std::max(log_age, now.log_age);
    queued_bytes = std::max(queued_bytes, now.queued_bytes);
  }
};

// The primary's stream to one auxiliary standby (SUPERASYNC, never waited for).
struct AuxiliaryStream {
  Endpoint listed;               // as -rhost/-rport name it
  IoTally flushes;               // whole flushes handed to its socket
  IoTally sends;                 // send calls that moved bytes
  IoTally congestions;           // sends that would block, and the time waiting
  std::uint64_t sent_bytes = 0;  // every byte handed over, a cut flush's too
  StandbyLag lag;                // at the end, or now while the run goes on
  StandbyLag worst_lag;          // each figure's own worst, during the run
  std::string failure;           // the connection broke: why
  std::optional<CpuUsage> cpu;   // its feed thread's
};

struct RunResult {
  SideSettings settings;  // what the side ran with; everything after it is measured
  Nanos elapsed{};

  IoTally flushes;      // calls = flushes, bytes = log bytes shipped
  IoTally disk;         // simulated log writes (reads on a SUPERASYNC primary); time is model time
  IoTally sends;        // send calls that moved bytes
  IoTally recvs;        // recv calls that moved bytes
  IoTally congestions;  // calls = times a send would block, time = waiting for room

  Pow2Histogram write_bytes;
  Pow2Histogram ship_micros;  // primary only
  Pow2Histogram congestion_micros;
  Pow2Histogram send_bytes;
  Pow2Histogram recv_bytes;
  LatencyPercentiles ship_percentiles;  // microseconds, primary only

  std::vector<IntervalSample> intervals;  // with -interval

  std::optional<TargetStats> target;
  // What the connection actually had, as the kernel reports it upon connection.
  int socket_send_buffer = 0;
  int socket_receive_buffer = 0;

  // What-if models (docs/models.md), each present only when in use.
  IoTally replays;                        // standby: flushes handed to replay (written), model time
  IoTally replay_backlog;                 // standby: of those, still awaiting replay at the end
  std::optional<BufferUse> buffer_use;    // standby
  std::optional<SpoolUse> spool;          // standby, with -spoolLimit
  std::optional<TakeoverCost> takeover;   // standby, with -replay
  Pow2Histogram flush_page_counts;        // primary, when flush sizes vary
  std::optional<CommitWait> commit_wait;  // primary, with -logRate
  std::vector<WorkloadStepTally> workload;   // primary, with -workload
  std::vector<AuxiliaryStream> auxiliaries;  // primary, with several standbys
  IoTally send_phase;                 // primary: time from the first byte handed over to the last
  IoTally ack_wait;                   // primary: time from the last byte handed over to the ack
  std::optional<CpuUsage> cpu;        // this side's own CPU cost; absent in virtual time
  std::optional<TcpStats> tcp;        // the kernel's view of the connection; absent in virtual time
  std::optional<StallRecord> stalls;  // the connection's stalls (real), the link's outages (model)
  std::optional<LogGap> log_gap;      // primary (real), both sides (model)
  std::optional<FailureRecord> failure_record;  // primary: its HADR states, its commits' waits
  std::optional<TlsFacts> tls;                  // a real run's connection with -tls
  std::optional<TlsCost> tls_cost;              // -model -tls: what each flush was charged
  std::optional<CompressionFacts> compression;  // a real run's connection with -compress
  SleepAccuracy sleeps;                         // a real run's simulated IOs

  // Every byte the primary handed to a socket: the principal's and the auxiliaries'.
  std::uint64_t outbound_bytes() const {
    std::uint64_t bytes = sends.bytes;
    for (const AuxiliaryStream& auxiliary : auxiliaries) bytes += auxiliary.sent_bytes;
    return bytes;
  }

  // The run's time without -target idling: what sec/flush divides.
  Nanos busy_time() const { return elapsed - (target ? target->idle : Nanos{0}); }

  // What a real run and a virtual one record alike, through the same calls.
  void note_send(std::uint64_t bytes) {
    sends.add(bytes);
    send_bytes.add(bytes);
  }
  void note_recv(std::uint64_t bytes) {
    recvs.add(bytes);
    recv_bytes.add(bytes);
  }
  void note_congestion(Nanos waited) {
    congestions.add(0, waited);
    congestion_micros.add(to_whole_micros(waited));
  }
  void note_shipping(Nanos shipping) {
    ship_micros.add(to_whole_micros(shipping));
    ship_percentiles.add(to_whole_micros(shipping));
  }
  // A log write (a read on a SUPERASYNC primary) of `bytes`, in modelled time.
  void note_write(std::uint64_t bytes, Nanos io_time) {
    disk.add(bytes, io_time);
    write_bytes.add(bytes);
  }
  // The primary's flush, written and shipped; its size is kept when sizes vary.
  void note_flush(std::uint64_t bytes, Nanos io_time, std::optional<std::uint32_t> varied_pages) {
    note_write(bytes, io_time);
    flushes.add(bytes);
    if (varied_pages) flush_page_counts.add(*varied_pages);
  }
};

}  // namespace simhadr
