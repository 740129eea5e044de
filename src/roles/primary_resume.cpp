// The real primary takes its standby back on a new connection (wire/resume.hpp):
// it reads the request, answers, and ships every flush the standby lacks, then
// the backlog written while it was away.
#include <fmt/format.h>

#include "roles/primary.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {

std::optional<ResumeRequest> Primary::answer_resume(Link& candidate, bool stays) {
  std::array<char, kResumeRequestBytes> message{};
  try {
    if (candidate.recv_exact(message, nullptr) != TransferEnd::Done) return std::nullopt;
    const ResumeRequest request = decode_resume(message);
    if (request.token != *plan_.handshake.resume) {
      throw ProtocolError("its resume token is another run's");
    }
    if (request.received > ledger_.handed_bytes() || request.received < ledger_.confirmed_bytes()) {
      throw ProtocolError(fmt::format(
          "it says it has {} bytes of log, outside the {} to {} this primary can ship on from",
          request.received, ledger_.confirmed_bytes(), ledger_.handed_bytes()));
    }
    const bool taken = !stays;
    if (candidate.send_all(taken ? kResumeTaken : kResumeStay, nullptr) != TransferEnd::Done ||
        !taken) {
      return std::nullopt;
    }
    return request;
  } catch (const ProtocolError& error) {
    log_.line("Closed a new connection that is not this run's standby coming back: {}",
              error.what());
  } catch (const TransportError&) {
    log_.line("Closed a new connection that sent no resume request within a few seconds.");
  }
  return std::nullopt;
}

std::optional<FlushAction> Primary::take_standby_back(Clock::time_point now, bool in_link_wait) {
  Link* candidate = plan_.renewal->candidate(Nanos{0});
  if (!candidate) return std::nullopt;
  // A standby without log for a while asks too: it stays where it is when the
  // primary neither gave up on its connection nor waits on it.
  const bool stays = !standby_away_ && !link_broken_ && !in_link_wait;
  const std::optional<ResumeRequest> request = answer_resume(*candidate, stays);
  if (!request) {
    plan_.renewal->drop();
    return std::nullopt;
  }
  plan_.renewal->adopt(request->received, kResumeAnswerBytes, plan_.handshake.compress);
  standby_away_ = false;
  link_broken_ = false;
  unsent_ = {};
  ack_bytes_ = 0;
  log_.line(
      "The standby is back on a new connection at {:.3f} s with {} bytes of log; shipping "
      "what it lacks.",
      to_seconds(now - run_start_), request->received);
  log_.flush();
  ResendLedger::Resume resume = ledger_.resume_from(request->received);
  FlushAction action{};
  for (std::uint32_t i = 0; i < resume.settled; ++i) {
    const FlushAction acked = cycle_.acked(now);
    if (acked.kind != FlushActionKind::Pending) action = acked;
  }
  if (const FlushAction back = cycle_.heard(now); back.kind != FlushActionKind::Pending) {
    action = back;
  }
  const bool all_sent = ship_what_standby_lacks(std::move(resume.resend));
  const auto shipped = clock_.now();
  if (!all_sent) {
    note_link_broken(TransportError("nothing moved while shipping what the standby lacks"));
    return action;
  }
  if (cycle_.awaits_send()) action = cycle_.sent(shipped);
  tell_cycle_standby_has(shipped);
  return action;
}

bool Primary::ship_what_standby_lacks(std::vector<std::uint32_t> resend) {
  for (const std::uint32_t pages : cycle_.take_backlog()) {
    ledger_.handed(pages);
    resend.push_back(pages);
  }
  if (resend.empty()) return true;
  image_reused_ = true;
  resending_ = true;
  link_.set_stall_bound(plan_.hadr_timeout);
  bool all_sent = true;
  try {
    for (const std::uint32_t pages : resend) {
      if (link_.send_all(pages_->next_flush(pages), &result_) != TransferEnd::Done) {
        all_sent = false;
        break;
      }
    }
  } catch (const TransportError&) {
    all_sent = false;
  }
  link_.set_stall_bound(Nanos{0});
  resending_ = false;
  return all_sent;
}

}  // namespace simhadr
