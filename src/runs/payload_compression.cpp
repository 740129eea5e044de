#include "runs/payload_compression.hpp"

#include <fmt/format.h>

#include <exception>

#include "compress/compression_probe.hpp"
#include "payload/payload_sample.hpp"

namespace simhadr {

std::optional<std::string> measure_payload_compression(RunConfig& config) {
  if (!config.probes_payload()) return std::nullopt;
  try {
    config.payload.compressibility =
        probe_compression(payload_sample(config.payload, kProbeSampleBytes),
                          payload_slice_bytes(config.payload, kProbeSampleBytes));
  } catch (const std::exception& error) {
    return fmt::format("the payload's compression was not measured: {}", error.what());
  }
  return std::nullopt;
}

}  // namespace simhadr
