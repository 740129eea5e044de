#pragma once
// Measures around the transport: every send and recv call, every congestion
// (a send that would block) and how long it lasted. Transports never count.
// It also bounds every wait: once it has spent the stall bound waiting on the
// transport with nothing moving in either direction, the waiting call throws
// TransportError. Time the role spends elsewhere (a modelled write, pacing)
// does not count.
#include <array>
#include <functional>
#include <span>
#include <string_view>

#include "log/run_log.hpp"
#include "simhadr/clock.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/stop.hpp"
#include "simhadr/transport.hpp"
#include "simhadr/wait_slices.hpp"

namespace simhadr {

// Interrupted: the role's own reason to stop waiting came first (interrupt_when).
enum class TransferEnd : std::uint8_t { Done, Stopped, PeerClosed, Interrupted };

// What the peer did, looked at without waiting.
enum class PeerNews : std::uint8_t { Nothing, Closed, SentBytes };

class Link {
 public:
  // A zero stall_bound waits without end. Until the peer's first message came
  // (first_message_came), a nonzero first_message_bound bounds the receive waits
  // instead: a peer that is not simhadr is told apart while still connecting.
  // first_message_option names the option that set that bound, for its message.
  Link(Transport& transport, Clock& clock, const StopSource& stop, RunLog& log,
       Nanos stall_bound = Nanos{0}, Nanos first_message_bound = Nanos{0},
       std::string_view first_message_option = "-connectTimeout")
      : transport_(&transport),
        clock_(clock),
        stop_(stop),
        log_(log),
        stall_bound_(stall_bound),
        first_message_bound_(first_message_bound),
        first_message_option_(first_message_option) {}

  // With `counted`, the calls, their sizes and any congestion go into it; with
  // `sent`, the bytes that went (all of them unless the send ended early).
  TransferEnd send_all(std::span<const char> data, RunResult* counted, std::size_t* sent = nullptr);
  TransferEnd recv_exact(std::span<char> into, RunResult* counted);

  // One receive of whatever has arrived, into `first` and on into `second`;
  // counted when it moved bytes.
  IoStep recv_available(std::span<char> first, std::span<char> second, RunResult& counted);
  // At most one slice of waiting for data, and a receive of what came, in one call
  // where the transport can; a slice that ran out counts as waiting without progress.
  IoStep recv_waiting(std::span<char> first, std::span<char> second, RunResult* counted);
  // One slice of waiting for data, or less; true when data (or a close) is there.
  bool wait_readable(Nanos at_most = kStopCheckSlice);
  void close() { transport_->close(); }
  // Ends this side's sending, then drops what still comes until the peer closes
  // too, for at most `at_most`: the peer sees an orderly end, not a reset of the
  // bytes it had in flight.
  void close_and_drain(Nanos at_most);
  // Whether the peer has closed its side or sent bytes (which are dropped, but
  // for the first few: last_dropped).
  PeerNews look_at_peer();
  std::string_view last_dropped() const { return {dropped_.data(), dropped_bytes_}; }
  // How many bytes that look read in all (last_dropped keeps the first 16).
  std::size_t last_dropped_total() const { return dropped_total_; }
  void first_message_came() { first_message_bound_ = Nanos{0}; }
  // From now on the link carries `transport` (a connection that replaced a lost one).
  void rebind(Transport& transport) {
    transport_ = &transport;
    waited_without_progress_ = Nanos{0};
  }
  // Asked after every slice that ends a wait without progress: true ends the
  // wait with TransferEnd::Interrupted (a deadline of the role's, a standby back).
  void interrupt_when(std::function<bool()> asks) { interrupt_ = std::move(asks); }
  // A zero bound waits without end.
  void set_stall_bound(Nanos bound) { stall_bound_ = bound; }
  // The longest one wait lasts before the stop, the stall and interrupt_when are looked at.
  void set_wait_slice(Nanos slice) { slice_ = slice; }
  Nanos stall_bound() const { return stall_bound_; }
  bool peer_speaks_tls() { return transport_->peer_speaks_tls(); }

 private:
  // False once a stop has been pending for longer than kStopGrace.
  bool may_keep_waiting();
  // Waits in slices until ready, a stop or an interrupt.
  TransferEnd await(bool (Transport::*wait)(Nanos), std::string_view waiting_to);
  void moved(const IoStep& step);
  // One slice of waiting, counted as waiting without progress; true when ready.
  bool timed_wait(bool (Transport::*wait)(Nanos), Nanos slice);
  void throw_if_stalled(std::string_view waiting_to, bool receiving = false) const;

  bool interrupted() const { return interrupt_ && interrupt_(); }

  Transport* transport_;
  Clock& clock_;
  const StopSource& stop_;
  RunLog& log_;
  Nanos stall_bound_;
  Nanos first_message_bound_;
  std::string_view first_message_option_;
  Nanos waited_without_progress_{0};
  Nanos slice_ = kStopCheckSlice;
  std::array<char, 16> dropped_{};
  std::size_t dropped_bytes_ = 0;
  std::size_t dropped_total_ = 0;
  std::optional<Clock::time_point> give_up_at_;
  std::function<bool()> interrupt_;
};

}  // namespace simhadr
