#pragma once
// -model -tls in virtual time: the primary's flush reaches TCP once it is
// encrypted, and the principal standby decrypts what arrives one piece after
// another on its one thread before it takes it in. Without -tls both pass
// straight through.
#include <algorithm>
#include <optional>

#include "simhadr/cipher_cost.hpp"
#include "virtual_time/event_queue.hpp"

namespace simhadr {

class VirtualCipher {
 public:
  VirtualCipher(std::optional<CipherCost> cost, EventQueue& events)
      : cost_(cost), events_(events) {}

  // True when the flush waits to be encrypted: Event::Encrypted hands it to TCP.
  bool encrypting(Nanos now, std::uint64_t bytes) {
    if (!cost_) return false;
    events_.at(now + cost_->encrypt(bytes), Event::Encrypted);
    return true;
  }

  // True when the arrival waits to be decrypted: Event::Decrypted hands it
  // to the standby. The auxiliaries' streams are not charged.
  bool decrypting(Nanos now, const ScheduledEvent& arrival) {
    if (!cost_ || arrival.stream != 0) return false;
    decrypted_by_ = std::max(decrypted_by_, now) + cost_->decrypt(arrival.value);
    events_.at(decrypted_by_, Event::Decrypted, arrival.value, arrival.stream);
    return true;
  }

 private:
  std::optional<CipherCost> cost_;
  EventQueue& events_;
  Nanos decrypted_by_{};  // when the standby has decrypted all that arrived so far
};

}  // namespace simhadr
