#pragma once
// -model: the CPU time each side's one thread spends on every byte of log, in
// series with its other steps. The primary encrypts a flush (-tls) and hands it
// to TCP, the kernel copying it and doing the protocol's work (-tcpCost), before
// the wire has it; the standby takes each piece from TCP and decrypts it before
// its receive buffer has it (so before it acks or writes the flush). A sender
// cannot write what it has not encrypted, nor encrypt the next flush while its
// thread is still in the kernel with this one; only the wire runs beside them.
#include <cstdint>

#include "simhadr/units.hpp"

namespace simhadr {

struct ThreadCpuCost {
  double encrypt_seconds_per_byte = 0;  // -tls
  double decrypt_seconds_per_byte = 0;
  double tcp_send_seconds_per_byte = 0;  // -tcpCost
  double tcp_receive_seconds_per_byte = 0;

  Nanos encrypt(std::uint64_t bytes) const { return cost(encrypt_seconds_per_byte, bytes); }
  Nanos decrypt(std::uint64_t bytes) const { return cost(decrypt_seconds_per_byte, bytes); }
  Nanos tcp_send(std::uint64_t bytes) const { return cost(tcp_send_seconds_per_byte, bytes); }
  Nanos tcp_receive(std::uint64_t bytes) const { return cost(tcp_receive_seconds_per_byte, bytes); }
  // The primary's thread from a flush to the wire; the standby's from a piece to its buffer.
  Nanos sender(std::uint64_t bytes) const {
    return cost(encrypt_seconds_per_byte + tcp_send_seconds_per_byte, bytes);
  }
  Nanos receiver(std::uint64_t bytes) const {
    return cost(decrypt_seconds_per_byte + tcp_receive_seconds_per_byte, bytes);
  }

  // The cipher alone, from seconds per GB each way (-tlsCost).
  static ThreadCpuCost cipher_per_gb(double encrypt_seconds, double decrypt_seconds) {
    return {encrypt_seconds / kBytesPerGByte, decrypt_seconds / kBytesPerGByte, 0, 0};
  }

 private:
  static Nanos cost(double seconds_per_byte, std::uint64_t bytes) {
    return from_seconds(seconds_per_byte * static_cast<double>(bytes));
  }
};

}  // namespace simhadr
