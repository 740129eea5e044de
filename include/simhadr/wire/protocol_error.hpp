#pragma once
#include <stdexcept>

namespace simhadr {

// The peer sent something the protocol does not allow; the message says what.
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace simhadr
