// Any 1024 bytes a peer may send as its handshake: decoding either gives
// parameters within the limits, which encode back to the same message, or
// throws ProtocolError. Nothing else: no crash, no other exception.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "simhadr/limits.hpp"
#include "simhadr/wire/handshake.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace simhadr;
  // A short message is NUL-padded, as if the rest of the 1024 bytes were zeros.
  std::array<char, kHandshakeBytes> message{};
  std::memcpy(message.data(), data, std::min(size, message.size()));
  HandshakeParams params;
  try {
    params = decode_handshake(message);
  } catch (const ProtocolError&) {
    return 0;
  }
  if (params.flush_pages == 0 || params.flush_pages > kMaxFlushPages) std::abort();
  // Accepted text is canonical apart from the order of fields and the case of the mode.
  if (decode_handshake(encode_handshake(params)) != params) std::abort();
  return 0;
}
