#pragma once
// -model: the CPU time each side's one thread spends on every byte of log, in
// series with its other steps. Under -compress the cipher and TCP work on the
// compressed bytes, so their costs per byte of log are smaller by its ratio. The primary encrypts a
// flush (-tls) and hands it to TCP, the kernel copying it and doing the protocol's work (-tcpCost),
// one segment after another, each reaching the wire as it is done; the standby takes each piece
// from TCP and decrypts it before its receive buffer has it (so before it acks or writes the
// flush). A sender cannot send what it has not encrypted, nor encrypt the next flush while its
// thread is still in the kernel with this one; the wire and the standby's thread run beside it.
#include <algorithm>
#include <cstdint>

#include "simhadr/transport_sizes.hpp"
#include "simhadr/units.hpp"

namespace simhadr {

struct ThreadCpuCost {
  double encrypt_seconds_per_byte = 0;  // -tls
  double decrypt_seconds_per_byte = 0;
  double tcp_send_seconds_per_byte = 0;  // -tcpCost
  double tcp_receive_seconds_per_byte = 0;
  double compress_seconds_per_byte = 0;  // -compress: before the cipher, and after it
  double decompress_seconds_per_byte = 0;

  Nanos encrypt(std::uint64_t bytes) const { return cost(encrypt_seconds_per_byte, bytes); }
  Nanos decrypt(std::uint64_t bytes) const { return cost(decrypt_seconds_per_byte, bytes); }
  Nanos tcp_send(std::uint64_t bytes) const { return cost(tcp_send_seconds_per_byte, bytes); }
  Nanos tcp_receive(std::uint64_t bytes) const { return cost(tcp_receive_seconds_per_byte, bytes); }
  Nanos compress(std::uint64_t bytes) const { return cost(compress_seconds_per_byte, bytes); }
  Nanos decompress(std::uint64_t bytes) const { return cost(decompress_seconds_per_byte, bytes); }
  // The primary's thread from a flush to the wire; the standby's from a piece to its buffer.
  Nanos sender(std::uint64_t bytes) const {
    return cost(compress_seconds_per_byte + encrypt_seconds_per_byte + tcp_send_seconds_per_byte,
                bytes);
  }
  Nanos receiver(std::uint64_t bytes) const {
    return cost(
        tcp_receive_seconds_per_byte + decrypt_seconds_per_byte + decompress_seconds_per_byte,
        bytes);
  }

  // The primary's thread hands a flush to TCP: it compresses it (-compress),
  // encrypts each gathered part (-tls; a flush without TLS is one part) and then copies that part's
  // segments into the kernel. `handed(after, bytes)` hears each segment in
  // turn, with how long after the flush's start the thread has handed it on.
  template <class Handed>
  void for_each_segment(std::uint64_t flush_bytes, Handed&& handed) const {
    const std::uint64_t part_bytes = encrypt_seconds_per_byte > 0 ? kTlsGatheredBytes : flush_bytes;
    // -compress takes the whole flush before TLS or TCP see any of it, as CompressingTransport
    // does.
    Nanos after = compress(flush_bytes);
    for (std::uint64_t gathered = 0; gathered < flush_bytes; gathered += part_bytes) {
      const std::uint64_t part = std::min(part_bytes, flush_bytes - gathered);
      after += encrypt(part);
      for (std::uint64_t copied = 0; copied < part; copied += kTcpSegmentBytes) {
        const std::uint64_t segment = std::min(kTcpSegmentBytes, part - copied);
        after += tcp_send(segment);
        handed(after, segment);
      }
    }
  }

  // The same threads on a link that carries the log `ratio` times smaller: the
  // cipher and TCP work on the compressed bytes, and each side pays its
  // compressor's seconds per GB of log.
  ThreadCpuCost with_compression(double ratio, double compress_seconds_per_gb,
                                 double decompress_seconds_per_gb) const {
    ThreadCpuCost cost = *this;
    for (double* on_the_wire :
         {&cost.encrypt_seconds_per_byte, &cost.decrypt_seconds_per_byte,
          &cost.tcp_send_seconds_per_byte, &cost.tcp_receive_seconds_per_byte}) {
      *on_the_wire /= ratio;
    }
    cost.compress_seconds_per_byte = compress_seconds_per_gb / kBytesPerGByte;
    cost.decompress_seconds_per_byte = decompress_seconds_per_gb / kBytesPerGByte;
    return cost;
  }

  // The cipher alone, from seconds per GB each way (-tlsCost).
  static ThreadCpuCost cipher_per_gb(double encrypt_seconds, double decrypt_seconds) {
    return {encrypt_seconds / kBytesPerGByte, decrypt_seconds / kBytesPerGByte, 0, 0, 0, 0};
  }

 private:
  static Nanos cost(double seconds_per_byte, std::uint64_t bytes) {
    return from_seconds(seconds_per_byte * static_cast<double>(bytes));
  }
};

}  // namespace simhadr
