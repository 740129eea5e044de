#include "roles/resend_ledger.hpp"

#include "simhadr/units.hpp"

namespace simhadr {

ResendLedger::ResendLedger(bool acked, std::uint64_t kept_bytes)
    : acked_(acked), kept_bytes_(kept_bytes) {}

void ResendLedger::handed(std::uint32_t pages) {
  pages_.push_back(pages);
  handed_ += pages_to_bytes(pages);
  if (acked_) return;
  while (pages_.size() > 1 && handed_ - confirmed_ > kept_bytes_) confirm_oldest();
}

void ResendLedger::acked() {
  if (!pages_.empty()) confirm_oldest();
}

void ResendLedger::confirm_oldest() {
  confirmed_ += pages_to_bytes(pages_.front());
  pages_.pop_front();
}

ResendLedger::Resume ResendLedger::resume_from(std::uint64_t received) {
  Resume resume;
  while (!pages_.empty() && confirmed_ + pages_to_bytes(pages_.front()) <= received) {
    confirm_oldest();
    if (acked_) ++resume.settled;
  }
  resume.resend.assign(pages_.begin(), pages_.end());
  return resume;
}

}  // namespace simhadr
