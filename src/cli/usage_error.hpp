#pragma once
#include <stdexcept>

namespace simhadr {

// Bad input on the command line: one line for the user, exit status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace simhadr
