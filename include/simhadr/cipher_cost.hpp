#pragma once
// -model -tls: what TLS costs each side's CPU, per byte of log. The primary
// encrypts a flush before it hands it to TCP, the standby decrypts what
// arrives before it takes it in; each is one thread's work, so it adds to
// that side's time rather than running beside the wire (a sender cannot
// write what it has not encrypted, nor a receiver ack what it has not read).
#include <cstdint>

#include "simhadr/units.hpp"

namespace simhadr {

struct CipherCost {
  double encrypt_seconds_per_byte = 0;
  double decrypt_seconds_per_byte = 0;

  Nanos encrypt(std::uint64_t bytes) const { return cost(encrypt_seconds_per_byte, bytes); }
  Nanos decrypt(std::uint64_t bytes) const { return cost(decrypt_seconds_per_byte, bytes); }

  // The same figure both ways (-tlsCost SECONDS_PER_GB).
  static CipherCost per_gb(double seconds) {
    return {seconds / kBytesPerGByte, seconds / kBytesPerGByte};
  }

 private:
  static Nanos cost(double seconds_per_byte, std::uint64_t bytes) {
    return from_seconds(seconds_per_byte * static_cast<double>(bytes));
  }
};

}  // namespace simhadr
