// The standby's side of the handshake: the primary's settings read and
// checked (protocol, TLS, compression, socket buffers), and the answer.
#include <fmt/format.h>

#include <array>
#include <optional>
#include <stdexcept>

#include "compress/codec.hpp"
#include "roles/standby.hpp"
#include "simhadr/shown.hpp"
#include "simhadr/wire/handshake.hpp"
#include "simhadr/wire/tls_record.hpp"

namespace simhadr {

namespace {

// The primary speaks another protocol than this standby: a one-line refusal of its own.
class OtherProtocol : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace

TransferEnd Standby::read_handshake(std::span<char, kHandshakeBytes> message) {
  // The first bytes alone first: a primary started with -tls sends a TLS
  // record shorter than a handshake, then waits for the answer.
  const std::span<char> first = std::span(message).first(kTlsRecordHeaderBytes);
  const TransferEnd end = link_.recv_exact(first, nullptr);
  if (end != TransferEnd::Done) return end;
  if (looks_like_tls_record(first)) {
    throw OtherProtocol(
        "the primary speaks TLS (it was started with -tls): start this standby with -tls too");
  }
  if (!may_begin_handshake({first.data(), first.size()})) {
    throw ProtocolError(fmt::format(
        "handshake expected, but the primary's first bytes are {}: is -rhost:-rport a simhadr "
        "primary?",
        shown(std::string_view(first.data(), first.size()))));
  }
  return link_.recv_exact(std::span(message).subspan(kTlsRecordHeaderBytes), nullptr);
}

std::optional<HandshakeParams> Standby::receive_handshake(RoleOutcome& outcome) {
  log_.trace("Receiving handshake message.");
  // However it ends before a handshake came, no run took place.
  const auto no_run = [&](std::string why) {
    outcome.session = Session::NoHandshake;
    outcome.fail(std::move(why));
    return std::nullopt;
  };
  std::array<char, kHandshakeBytes> message{};
  HandshakeParams params;
  try {
    switch (read_handshake(message)) {
      case TransferEnd::Stopped:
        log_.line("Stopped before the primary's handshake came.");
        outcome.session = Session::NoHandshake;
        outcome.end = RunEnd::Interrupted;
        return std::nullopt;
      case TransferEnd::PeerClosed:
        return no_run(
            "the primary closed the connection before sending its handshake (is this host an "
            "address of the primary's -rhost?)");
      case TransferEnd::Done:
      case TransferEnd::Interrupted:  // nothing interrupts the handshake's wait
        break;
    }
    log_.trace("{} bytes received", message.size());
    params = decode_handshake(message);
  } catch (const OtherProtocol& refusal) {
    return no_run(refusal.what());
  } catch (const ProtocolError& error) {
    return no_run(fmt::format("protocol error: {}", error.what()));
  } catch (const TransportError& error) {
    // A primary that has finished still listens until its process exits; a
    // connection left in that backlog is reset then. Like a close, not a run.
    return no_run(
        fmt::format("the connection ended before the primary's handshake came: {}", error.what()));
  }
  link_.first_message_came();
  log_.line("Received handshake message:");
  log_.text(handshake_text(params));
  log_.blank();
  return params;
}

bool Standby::agree_on_compression(const HandshakeParams& params, RoleOutcome& outcome) {
  const std::optional<CompressionChoice>& ours = plan_.compress;
  const std::optional<CompressionChoice>& theirs = params.compress;
  if (ours && !theirs) {
    refuse(kCompressedOnly,
           fmt::format("the primary sends the log uncompressed and this standby was started with "
                       "-compress {}: start the primary with -compress {} too, or this standby "
                       "without it",
                       compressor_name(ours->compressor), compressor_name(ours->compressor)),
           outcome);
    return false;
  }
  if (theirs && !ours) {
    refuse(kSettingsNotCompressing,
           fmt::format("the primary compresses the log with {}: start this standby with -compress "
                       "{} too, or the primary without it",
                       compression_choice_text(*theirs), compressor_name(theirs->compressor)),
           outcome);
    return false;
  }
  if (ours && ours->compressor != theirs->compressor) {
    refuse(kSettingsOtherCodec,
           fmt::format("the primary compresses the log with {} and this standby was started with "
                       "-compress {}: give both sides the same codec",
                       compression_choice_text(*theirs), compressor_name(ours->compressor)),
           outcome);
    return false;
  }
  return true;
}

// The primary learns why from the answer; this side closes in order once the
// primary has read it and closed, so the answer is not lost to a reset.
void Standby::refuse(std::string_view answer, std::string why, RoleOutcome& outcome) {
  if (link_.send_all(answer, nullptr) == TransferEnd::Done) link_.close_and_drain(kStopGrace);
  outcome.fail(std::move(why));
  outcome.session = Session::Aborted;
}

bool Standby::take_requested_settings(const HandshakeParams& params, RoleOutcome& outcome) {
  const StandbyRequest& request = params.standby;
  SocketOptions wanted = plan_.socket;
  if (request.send_buffer) wanted.send_buffer = request.send_buffer;
  if (request.receive_buffer) wanted.receive_buffer = request.receive_buffer;
  // Buffer sizes must be set before the connection is made (TCP fixes its
  // window scale then), so other sizes mean reconnecting.
  const bool same_socket = wanted.send_buffer == plan_.socket.send_buffer &&
                           wanted.receive_buffer == plan_.socket.receive_buffer;
  const std::string_view answer = same_socket ? kSettingsApplied : kSettingsNeedReconnect;
  const TransferEnd end = link_.send_all(answer, nullptr);
  if (end == TransferEnd::Stopped) outcome.end = RunEnd::Interrupted;
  if (end == TransferEnd::PeerClosed) outcome.fail("the primary closed the connection first");
  if (end != TransferEnd::Done) return false;
  if (same_socket) {
    if (request.any()) log_.line("Applied the primary's settings for this run.");
    if (params.compress) {
      plan_.compression->restore_receives(make_stream_decompressor(params.compress->compressor),
                                          *params.compress);
      log_.line("Restoring the log the primary compresses with {}.",
                compression_choice_text(*params.compress));
    }
    return true;
  }
  log_.line("Reconnecting with the primary's socket buffer sizes (send {}, receive {}).",
            wanted.send_buffer ? fmt::format("{}", *wanted.send_buffer) : "default",
            wanted.receive_buffer ? fmt::format("{}", *wanted.receive_buffer) : "default");
  log_.blank();
  outcome.session = Session::Reconnect;
  outcome.reconnect_with = wanted;
  return false;
}

}  // namespace simhadr
