#pragma once
// The advisor: from the models in use and what a run measured, which
// resource limits the throughput, the numbers that show it, the socket buffer
// size that covers bandwidth x round trip, and what each sync mode would give
// under the same models. Pure arithmetic; presenters print it.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "simhadr/advice/evidence.hpp"
#include "simhadr/compression.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/models/closed_forms.hpp"
#include "simhadr/payload.hpp"

namespace simhadr {

enum class Resource : std::uint8_t {
  PrimaryDisk,
  StandbyDisk,
  BothDisks,          // SYNC writes on both in series; otherwise the two are equally slow
  DiskIopsCap,        // -disk's IOPS cap: each disk's writes held to so many a second
  DiskThroughputCap,  // -disk's MB/s cap
  NetworkBandwidth,
  NetworkOutages,  // the connection stalled a tenth of the run or more
  PacketLoss,      // retransmissions cost the log throughput
  SharedUplink,    // -model's -uplinkRate, full: the auxiliaries' streams take their share
  RoundTrip,
  SocketBufferWindow,
  StandbyReplay,
  SenderCpu,            // handing flushes to TCP; with -tls, encrypting them
  ReceiverCpu,          // -model -tls: the standby decrypting what arrives
  HostCpu,              // the run waited for a CPU: the host's other work set the pace
  StandbyDiskOrReplay,  // what a real primary can tell: the standby's window closes
  NotThisStandby,       // a real standby that did not hold its primary back
  Target,               // the run kept the -target pace: no resource held it back
  Workload,             // the run carried -logRate's or -workload's log as it came
  Unknown,              // no flush completed, or nothing modelled sets a limit
};

// As the report prints it: "primary disk", "socket buffer window", ...
std::string_view resource_name(Resource resource);

struct ResourceLimit {
  Resource resource = Resource::Unknown;
  double mbytes_per_sec = 0;
};

struct ModeForecast {
  SyncMode mode = SyncMode::NearSync;
  double mbytes_per_sec = 0;
};

// Of a run that carried its load, the resource that would limit it first.
struct NearestLimit {
  Resource resource = Resource::Unknown;
  Evidence evidence;
};

// On a link that sets the pace: what this mode would give with the link
// compressed by the compressor the payload probe found best for it, at the
// ratio and CPU the probe measured.
struct CompressionWhatIf {
  PayloadKind payload = PayloadKind::Files;
  std::optional<CompressorFigures> compressor;  // none for the incompressible payload
  SyncMode mode = SyncMode::NearSync;
  double mbytes_per_sec = 0;                // the mode's log rate, compressed
  double uncompressed_mbytes_per_sec = 0;   // the same models' without compressing
  double link_mbytes_per_sec = 0;           // the link's, carrying log at the ratio
  Resource limited_by = Resource::Unknown;  // what would then set the pace
  bool confirm_with_model = false;          // the run was -model's: -compress takes the codec
  // Worth its CPU: the mode gets this much more than it does uncompressed.
  bool helps() const { return mbytes_per_sec >= uncompressed_mbytes_per_sec * 1.05; }
};

struct Bottleneck {
  Resource resource = Resource::Unknown;
  Evidence evidence;  // the figures that show it (report/evidence_text words them)
  std::optional<NearestLimit> nearest;  // Target, Workload: what would limit a heavier load
  double measured_mbytes_per_sec = 0;   // the headline: log shipped over the whole run
  // The flush the figures are for: the mean, or under -logRate and -workload
  // the largest the log buffer allows (a heavier load fills it).
  double flush_bytes = 0;
  FlushCosts costs;  // seconds per flush of that size
  std::vector<ResourceLimit> limits;
  std::vector<ModeForecast> modes;                       // empty when this side cannot tell
  std::optional<std::uint64_t> covering_socket_buffer;   // bandwidth x round trip, bytes
  std::optional<CompressionWhatIf> compression_what_if;  // network bandwidth, uncompressed
  bool standby_disk_assumed = false;  // a real primary takes its own -disk for the standby's
};

// For the primary's result (real or modelled). `standby` is the other side's
// result when this process has it (-model, -demo).
Bottleneck advise(const RunResult& primary, const RunResult* standby);

// For a real standby on its own: whether it held the primary back.
Bottleneck advise_standby(const RunResult& standby);

}  // namespace simhadr
