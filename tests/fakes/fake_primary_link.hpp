#pragma once
// The standby's view of a primary: hands out a prepared byte stream in chunks
// of a chosen size, saying "nothing yet" between chunks so the standby gets
// its chance to write, then closes. Records the acks the standby sends.
#include <algorithm>
#include <string>
#include <vector>

#include "simhadr/transport.hpp"

namespace simhadr::testing {

class FakePrimaryLink final : public Transport {
 public:
  FakePrimaryLink(std::string stream, std::size_t chunk, std::vector<std::string>& events)
      : stream_(std::move(stream)), chunk_(chunk), events_(events) {}

  IoStep send_some(std::span<const char> data) override {
    acks_.append(data.data(), data.size());
    events_.push_back("ack");
    return {data.size(), false};
  }

  IoStep recv_some(std::span<char> into) override {
    pause_ = !pause_;
    if (pause_) return {0, true};
    const std::size_t n = std::min({chunk_, into.size(), stream_.size() - offset_});
    std::copy_n(stream_.data() + offset_, n, into.data());
    offset_ += n;
    if (n > 0) events_.push_back("recv");
    return {n, false};
  }

  bool wait_writable(Nanos) override { return true; }
  bool wait_readable(Nanos) override { return true; }
  void close() override {}

  const std::string& acks() const { return acks_; }

 private:
  std::string stream_;
  std::size_t chunk_;
  std::vector<std::string>& events_;
  std::size_t offset_ = 0;
  bool pause_ = false;
  std::string acks_;
};

}  // namespace simhadr::testing
