// The real standby through a failure of the link, when the primary's
// handshake carried a resume token: once nothing has come for a while, or the
// connection broke, it connects to the primary again and asks to resume from
// the log it has whole (wire/resume.hpp), as a Db2 standby reconnects.
#include <fmt/format.h>

#include "roles/standby.hpp"
#include "simhadr/wire/protocol_error.hpp"
#include "simhadr/wire/resume.hpp"

namespace simhadr {

namespace {

// A primary ships many flushes a second under load: this long without one, it
// may have given up on this connection. Asking costs a connection, and a primary
// that has only no log to ship says to stay.
constexpr Nanos kSilenceBeforeProbe = std::chrono::seconds(1);
// The least time between the starts of two attempts (each takes at most the
// renewal's attempt_bound(): the standby is back within about that of the link's return).
constexpr Nanos kProbeGap = std::chrono::milliseconds(20);

}  // namespace

RunEnd Standby::receive_until_gone(ReceiveBuffer& buffer) {
  try {
    return receive_flushes(buffer);
  } catch (const PrimaryGone& gone) {
    log_.line("Away from the primary, this standby found it gone: {}.", gone.what());
    return RunEnd::Completed;
  }
}

std::optional<IoStep> Standby::receive(ReceiveBuffer& buffer, const ReceiveBuffer::FreeSpace& space,
                                       bool waiting) {
  try {
    return waiting ? link_.recv_waiting(space.first, space.second, &result_)
                   : link_.recv_available(space.first, space.second, result_);
  } catch (const TransportError& lost) {
    if (!resumes()) throw;
    regain_primary(buffer, lost.what());
    return std::nullopt;
  }
}

void Standby::prepare_resume(const HandshakeParams& params) {
  if (!params.resume || !plan_.renewal) return;
  resume_token_ = params.resume;
  compress_ = params.compress;
  away_bound_ = link_.stall_bound();
  link_.set_stall_bound(Nanos{0});
}

void Standby::throw_if_away_too_long() const {
  if (away_bound_ <= Nanos{0} || clock_.now() - last_heard_ < away_bound_) return;
  throw TransportError(
      fmt::format("nothing came from the primary for {:g} s and it did not take this standby back "
                  "(-stallTimeout; 0 waits without end)",
                  to_seconds(away_bound_)));
}

void Standby::regain_primary(ReceiveBuffer& buffer, std::string_view why) {
  log_.line("The connection to the primary broke at {:.3f} s ({}); connecting again.",
            to_seconds(since_start(clock_.now())), why);
  log_.flush();
  link_broken_ = false;
  ack_cut_ = false;
  reach_primary(buffer, false);
}

void Standby::probe_if_silent(ReceiveBuffer& buffer) {
  if (clock_.now() - last_heard_ >= kSilenceBeforeProbe) reach_primary(buffer, true);
}

void Standby::reach_primary(ReceiveBuffer& buffer, bool old_link_may_carry) {
  while (!stop_.requested()) {
    const auto attempt = clock_.now();
    if (try_resume(buffer, plan_.renewal->attempt_bound())) return;
    const bool told_to_stay = clock_.now() - last_heard_ < kSilenceBeforeProbe;
    // The old connection is the run's still; or, broken, the primary has yet to find it so.
    if (old_link_may_carry && told_to_stay) return;
    if (told_to_stay) clock_.sleep_about_until(attempt + kSilenceBeforeProbe / 10);
    throw_if_away_too_long();
    // An unreachable address fails at once: a short look at the old connection between tries.
    const Nanos gap = std::max(attempt + kProbeGap - clock_.now(), Nanos{0});
    if (!old_link_may_carry) {
      clock_.sleep_about_until(attempt + kProbeGap);
    } else if (link_.wait_readable(gap)) {
      return;
    }
  }
}

bool Standby::try_resume(ReceiveBuffer& buffer, Nanos within) {
  Link* candidate = plan_.renewal->candidate(within);
  if (!candidate) return false;
  std::array<char, kResumeAnswerBytes> answer{};
  try {
    const auto request = encode_resume({*resume_token_, whole_flush_bytes_});
    if (candidate->send_all(request, nullptr) != TransferEnd::Done ||
        candidate->recv_exact(answer, nullptr) != TransferEnd::Done) {
      plan_.renewal->drop();
      return false;
    }
  } catch (const std::exception&) {
    // A primary busy too long to answer, or a connection that broke again: the next attempt.
    plan_.renewal->drop();
    return false;
  }
  const std::string_view said(answer.data(), answer.size());
  if (said == kResumeStay) {
    plan_.renewal->drop();
    last_heard_ = clock_.now();
    return false;
  }
  if (said != kResumeTaken) {
    plan_.renewal->drop();
    throw ProtocolError(
        "the primary's answer to a resume request is neither to resume nor to stay");
  }
  plan_.renewal->adopt(0, kResumeRequestBytes, compress_);
  const std::uint64_t cut = buffer.bytes_after_last_flush();
  buffer.drop_partial_flush();
  cycle_->dropped(cut);
  acks_to_skip_ = flushes_received_ - std::min(flushes_received_, acks_sent_);
  link_broken_ = false;
  ack_cut_ = false;
  last_heard_ = clock_.now();
  log_.line("Back with the primary on a new connection at {:.3f} s; it ships on from byte {}.",
            to_seconds(since_start(last_heard_)), whole_flush_bytes_);
  log_.flush();
  return true;
}

}  // namespace simhadr
