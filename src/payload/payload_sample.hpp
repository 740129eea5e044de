#pragma once
// A few MB of the payload as a run ships it, for the compression probe. Files
// are sampled in slices spread evenly over the whole set, so a set whose files
// differ (busy hours and quiet ones) is sampled from each part.
#include <cstddef>
#include <vector>

#include "simhadr/payload.hpp"

namespace simhadr {

// At most `bytes`: the whole set where it is smaller. Throws PayloadError
// when a file cannot be read.
std::vector<char> payload_sample(const PayloadSpec& payload, std::size_t bytes);
// How long each slice of that sample is where it samples a larger set of
// files in slices; 0 where it is the whole payload or not files.
std::size_t payload_slice_bytes(const PayloadSpec& payload, std::size_t bytes);

}  // namespace simhadr
