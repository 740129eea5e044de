#pragma once
// The flushes a primary has handed to its link and the standby has not
// confirmed (by an ack, in SYNC and NEARSYNC): what it ships again when the
// standby comes back on a new connection saying how much log it has. Counts in
// bytes of log since the run began, as the standby counts what it received.
#include <cstdint>
#include <deque>
#include <vector>

namespace simhadr {

class ResendLedger {
 public:
  // `acked`: the standby acks each flush. Without acks, only what a resume
  // request says confirms a flush, and the ledger keeps at most `kept_bytes`
  // (far more than the socket buffers and the link can hold in flight).
  explicit ResendLedger(bool acked, std::uint64_t kept_bytes = std::uint64_t{1} << 30);

  void handed(std::uint32_t pages);
  // The oldest unconfirmed flush's ack came.
  void acked();
  std::uint64_t handed_bytes() const { return handed_; }
  std::uint64_t confirmed_bytes() const { return confirmed_; }

  struct Resume {
    std::uint32_t settled = 0;          // flushes the standby has whole whose ack was owed
    std::vector<std::uint32_t> resend;  // the flushes after them, oldest first: owed still
  };
  // The standby has the log up to `received` (whole flushes).
  Resume resume_from(std::uint64_t received);

 private:
  void confirm_oldest();

  bool acked_;
  std::uint64_t kept_bytes_;
  std::deque<std::uint32_t> pages_;
  std::uint64_t confirmed_ = 0;
  std::uint64_t handed_ = 0;
};

}  // namespace simhadr
