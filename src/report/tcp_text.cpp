#include "simhadr/report/tcp_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "simhadr/measure/cpu_usage.hpp"

namespace simhadr {

void write_tcp_stats(std::ostream& out, const TcpStats& tcp, bool emulated_link) {
  const auto percent = [&tcp](Nanos part) { return 100 * tcp.share_watched(part); };
  fmt::print(
      out,
      "TCP: busy {:.1f}% of the time watched (receive window closed {:.1f}%, send buffer all in "
      "flight {:.1f}%), {} bytes acked, retransmitted {} bytes ({:.1f}% of what was sent), "
      "min round trip {:.6f} s, path MTU {}{}{}.\n",
      percent(tcp.busy), percent(tcp.receiver_limited), percent(tcp.send_buffer_limited),
      tcp.bytes_acked, tcp.bytes_retransmitted, 100 * tcp.retransmitted_share(),
      to_seconds(tcp.min_round_trip), tcp.path_mtu, tcp.same_host ? ", both ends on this host" : "",
      emulated_link ? "; the -netDelay/-netRate link is emulated above TCP: these are the "
                      "real connection's figures, not the emulated link's"
                    : "");
}

}  // namespace simhadr
