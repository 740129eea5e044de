#pragma once
// What a call into the operating system says when it fails: its own reason, in
// words, for the layer above to put into a message that names the file or
// option and what to do.
#include <stdexcept>
#include <string>

namespace simhadr {

enum class OsFailure {
  Other,
  NoDirectIo,    // the file system cannot bypass the page cache
  FileTooLarge,  // the file-size limit (ulimit -f) was reached
};

class OsError : public std::runtime_error {
 public:
  explicit OsError(const std::string& reason, OsFailure failure = OsFailure::Other)
      : std::runtime_error(reason), failure_(failure) {}
  OsFailure failure() const { return failure_; }

 private:
  OsFailure failure_;
};

}  // namespace simhadr
