// The primary's side of the extensions a standby of ours answers before the
// run (docs/protocol.md): requested settings, -compress and the resume token.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <string_view>
#include <vector>

#include "compress/codec.hpp"
#include "roles/primary.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {

std::string Primary::what_was_asked() const {
  std::vector<std::string_view> asked;
  if (plan_.handshake.standby.any()) asked.push_back("the standby* settings");
  if (plan_.handshake.compress) asked.push_back("-compress");
  if (plan_.handshake.resume) asked.push_back("a resume token (-peerWaitLimit, -peerWindow)");
  return fmt::format("{}", fmt::join(asked, " and "));
}

void Primary::fail_if_compressed_only(std::string_view sent) const {
  if (sent != kCompressedOnly) return;
  throw TransportError(
      "the standby was started with -compress and refused this primary's uncompressed log: start "
      "the primary with -compress too, or the standby without it");
}

TransferEnd Primary::confirm_standby_settings(RoleOutcome& outcome) {
  std::array<char, kSettingsReplyBytes> reply{};
  TransferEnd end = TransferEnd::Done;
  try {
    end = link_.recv_exact(reply, nullptr);
  } catch (const ProtocolError& silent) {
    // The original's standby reads the handshake and waits for log: it never answers.
    throw ProtocolError(fmt::format("{} (the original simhadr's standby does not answer {})",
                                    silent.what(), what_was_asked()));
  } catch (const TransportError& reset) {
    // One that does not know a field may reset the connection instead.
    throw TransportError(fmt::format("{} (the original simhadr's standby does not know {})",
                                     reset.what(), what_was_asked()));
  }
  if (end == TransferEnd::Done) link_.first_message_came();
  if (end == TransferEnd::PeerClosed) {
    outcome.fail(fmt::format(
        "the standby closed the connection instead of answering {} (the original simhadr's "
        "standby does not know {})",
        what_was_asked(), plan_.handshake.standby.any() ? "them" : "it"));
  }
  if (end != TransferEnd::Done) return end;
  const std::string_view answer(reply.data(), reply.size());
  const std::optional<CompressionChoice>& compress = plan_.handshake.compress;
  fail_if_compressed_only(answer);
  if (answer == kSettingsNeedReconnect) {
    log_.line("The standby reconnects to apply the requested socket buffer sizes.");
    log_.blank();
    outcome.session = Session::Reconnect;
  } else if (answer == kSettingsApplied) {
    if (plan_.handshake.standby.any()) log_.line("The standby applied the requested settings.");
    if (compress) {
      plan_.compression->compress_sends(make_stream_compressor(*compress), *compress);
      log_.line("Compressing the log with {}; the standby restores it.",
                compression_choice_text(*compress));
    }
  } else if (answer == kSettingsNotCompressing && compress) {
    outcome.fail(fmt::format(
        "the standby was started without -compress: start it with -compress {} too, or this "
        "primary without it",
        compressor_name(compress->compressor)));
    outcome.session = Session::Aborted;
  } else if (answer == kSettingsOtherCodec && compress) {
    outcome.fail(fmt::format(
        "the standby was started with -compress of another codec than {}: give both sides the "
        "same codec",
        compressor_name(compress->compressor)));
    outcome.session = Session::Aborted;
  } else {
    throw ProtocolError(fmt::format(
        "the standby's answer to {} is none of those a standby of the open simhadr gives",
        what_was_asked()));
  }
  return end;
}

}  // namespace simhadr
