#include "runs/payload_compression.hpp"

#include "compress/compression_probe.hpp"
#include "payload/payload_sample.hpp"

namespace simhadr {

namespace {

// A few MB: a database's log varies over that much, and the three
// compressors measure it in a fraction of a second.
constexpr std::size_t kSampleBytes = std::size_t{4} << 20;

bool writes_or_ships_payload(Action action, const RunConfig& config) {
  switch (action) {
    case Action::Primary:
    case Action::Demo:
      return true;
    case Action::DiskTest:
      return config.as<DiskTestConfig>()->kind != DiskTestKind::ReadFile;
    default:
      return false;
  }
}

}  // namespace

void measure_payload_compression(Action action, RunConfig& config) {
  if (!writes_or_ships_payload(action, config)) return;
  config.payload.compressibility = probe_compression(payload_sample(config.payload, kSampleBytes));
}

}  // namespace simhadr
