#pragma once
// What TLS costs this host's CPU, for -model -tls: the run's TLS settings
// (version, ciphers) between two in-memory endpoints, flushes of the run's size
// written on one as the primary writes them (records as small as a small
// flush, so a record's own costs are in the figure) and read on the other,
// each side's CPU time per byte taken apart. The reader decrypts into a buffer
// the size of the standby's receive buffer, one record after another around
// it, as the standby does: a large one is out of cache, and copying into it
// costs more. The thread's own CPU clock, so a busy host's waits for a CPU are
// not counted as cost; the median of many short trials, so that a moment's
// slowness does not move it and a host slower throughout does.
#include <cstdint>
#include <string>

#include "simhadr/config.hpp"

namespace simhadr {

struct TlsCipherCost {
  double encrypt_seconds_per_byte = 0;  // the sender's: SSL_write
  double decrypt_seconds_per_byte = 0;  // the receiver's: SSL_read
  std::string cipher;                   // IANA's name of the suite measured
  std::string version;                  // "TLSv1.3"
};

// The probe's trials at most: -model's figure takes up to this many. A caller
// that checks what the probe can measure, not how well, takes fewer: each trial
// moves 2 MiB or more through the cipher.
inline constexpr int kTlsProbeMostTrials = 40;

// RunError when OpenSSL refuses the settings (as a real run's would be).
// `flush_bytes`: the flush the figure is for (the largest, when sizes vary).
TlsCipherCost measure_tls_cost(const TlsSettings& settings, std::uint64_t flush_bytes,
                               std::uint64_t receive_buffer_bytes,
                               int most_trials = kTlsProbeMostTrials);

}  // namespace simhadr
