#pragma once
// A role's way to a new connection after a failure of the link, as HADR
// reconnects (wire/resume.hpp): the primary takes one its standby has made,
// the standby makes one. The role speaks on a candidate first and then adopts
// it, after which the Link it holds carries the new connection, or drops it.
#include <optional>
#include <stdexcept>

#include "roles/link.hpp"
#include "simhadr/compression.hpp"

namespace simhadr {

// The standby's way back met a refusal: no primary listens there any more.
class PrimaryGone : public std::runtime_error {
 public:
  PrimaryGone() : std::runtime_error("the primary no longer listens: its run has ended") {}
};

class LinkRenewal {
 public:
  // Whether a candidate waits to be taken (the primary's: a standby has
  // connected again), looked at without waiting.
  virtual bool knocking() = 0;
  // A new connection, ready to speak on (TLS set up), within `within`:
  // nullptr when none came or could be made. It stays until adopt() or drop().
  virtual Link* candidate(Nanos within) = 0;
  // The candidate becomes the role's connection; the old one is reset. Its
  // acknowledged bytes carry the log from byte `log_at_start`, once
  // `message_bytes` of the exchange are past; with `compress`, the log on it
  // is compressed (the primary's side) or restored (the standby's) as before.
  virtual void adopt(std::uint64_t log_at_start, std::uint64_t message_bytes,
                     const std::optional<CompressionChoice>& compress) = 0;
  virtual void drop() = 0;
  // The role's connection is given up: reset, and no longer watched.
  virtual void abandon() = 0;
  // The most one attempt to reach the other side may take: a few of the first
  // connection's round trips, at least 100 ms.
  virtual Nanos attempt_bound() const = 0;

 protected:
  ~LinkRenewal() = default;
};

}  // namespace simhadr
