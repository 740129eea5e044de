#pragma once
// The standby: takes the handshake, then receives with priority into its
// ring, and between receives carries out what the standby cycle says is due
// (StandbyCycle: each flush written once all of it is in, acks on receipt for
// NEARSYNC and after the write for SYNC, replay and spool).
#include <optional>

#include "net/compressing_transport.hpp"
#include "roles/link.hpp"
#include "roles/link_renewal.hpp"
#include "roles/receive_buffer.hpp"
#include "roles/role_outcome.hpp"
#include "simhadr/measure/connection_watch.hpp"
#include "simhadr/measure/interval_reporter.hpp"
#include "simhadr/models/disk_model.hpp"
#include "simhadr/pipeline/shipping_plan.hpp"
#include "simhadr/side_settings.hpp"
#include "simhadr/wire/handshake.hpp"

namespace simhadr {

// The shipping plan's replay, spool and -hadrBufSize are the standby's; the
// primary's handshake brings the mode, the flush size and any buffer it asks for.
struct StandbyPlan : ShippingPlan {
  SideSettings settings;  // what the handshake leaves open
  IntervalSink on_interval;
  SocketOptions socket;              // what this connection was opened with
  ConnectionWatch* watch = nullptr;  // the connection's, on a real run
  // -compress: the codec this standby restores, and the transport that does it.
  std::optional<CompressionChoice> compress;
  CompressingTransport* compression = nullptr;
  // The way back to the primary after a failure of the link, used when its
  // handshake carried a resume token.
  LinkRenewal* renewal = nullptr;
};

class Standby {
 public:
  Standby(StandbyPlan plan, DiskModel& disk, Link& link, Clock& clock, const StopSource& stop,
          RunLog& log);

  // Reads the handshake, then receives until the primary closes or a stop.
  RoleOutcome run();

 private:
  // nullopt when the run ended (stopped, or failed as outcome says) before it.
  std::optional<HandshakeParams> receive_handshake(RoleOutcome& outcome);
  // Throws ProtocolError for bytes no handshake begins with.
  TransferEnd read_handshake(std::span<char, kHandshakeBytes> message);
  // False, having answered with a refusal, when the primary's compression is
  // not this standby's: one of them compresses and the other does not, or
  // they name other codecs.
  bool agree_on_compression(const HandshakeParams& params, RoleOutcome& outcome);
  void refuse(std::string_view answer, std::string why, RoleOutcome& outcome);
  // Answers a handshake that carries standby* settings or compression. False
  // when the connection must be reopened with other socket buffer sizes first.
  bool take_requested_settings(const HandshakeParams& params, RoleOutcome& outcome);
  RunEnd receive_flushes(ReceiveBuffer& buffer);
  // The primary closed: writes what is held; a flush cut short is an error.
  RunEnd end_of_stream(ReceiveBuffer& buffer);
  // Nothing to receive or write now: waits for data, for the next replay's end, or both.
  void wait_for_data_or_replay(bool has_room);
  void on_flush_received(std::uint32_t pages);
  // Writes the oldest flush all in; returns the modelled time the write took.
  Nanos write_flush(ReceiveBuffer& buffer, bool may_ack);
  // Gives back the space of flushes whose replay has ended.
  void free_replayed(ReceiveBuffer& buffer);
  // A full buffer moves flushes awaiting replay to the spool (-spoolLimit) while it has room.
  void spool_if_full(ReceiveBuffer& buffer);
  Nanos since_start(Clock::time_point at) const { return at - start_; }
  void send_acks(std::uint32_t acks);
  // The stop notice (kStopNotice) a standby stopped by a signal sends before it closes.
  void say_stopping();

  // Back to the primary after a failure of the link (standby_resume.cpp).
  // receive_flushes, but a primary found gone while away ends the run as completed.
  RunEnd receive_until_gone(ReceiveBuffer& buffer);
  // The receive buffer the handshake's flushes need, announced; nullopt when it
  // cannot be had (they do not fit, or the host lacks the memory), as outcome says.
  std::optional<ReceiveBuffer> make_receive_buffer(const HandshakeParams& params,
                                                   RoleOutcome& outcome);
  // One receive into `space` (waiting a slice for data when `waiting`); none
  // when the connection broke and the standby is back on another.
  std::optional<IoStep> receive(ReceiveBuffer& buffer, const ReceiveBuffer::FreeSpace& space,
                                bool waiting);
  bool resumes() const { return resume_token_.has_value(); }
  // Takes the handshake's token; the link's stall bound becomes the bound on
  // being away from the primary.
  void prepare_resume(const HandshakeParams& params);
  // The connection broke: tries to reach the primary again until it takes
  // this standby back or the bound passes (TransportError).
  void regain_primary(ReceiveBuffer& buffer, std::string_view why);
  // Nothing has come for a while: tries to reach the primary, in case it has
  // given up on this connection, until the old connection carries again, the
  // primary says to stay on it, or takes this standby back.
  void probe_if_silent(ReceiveBuffer& buffer);
  void reach_primary(ReceiveBuffer& buffer, bool old_link_may_carry);
  // One attempt: true when the primary took this standby back on a new connection.
  bool try_resume(ReceiveBuffer& buffer, Nanos within);
  void throw_if_away_too_long() const;

  StandbyPlan plan_;
  DiskModel& disk_;
  Link& link_;
  Clock& clock_;
  const StopSource& stop_;
  RunLog& log_;
  bool acked_ = false;  // the primary waits for each flush's ack (SYNC, NEARSYNC)
  IntervalReporter intervals_;
  std::optional<StandbyCycle> cycle_;
  Clock::time_point start_{};
  RunResult result_;
  std::optional<std::string> resume_token_;
  std::optional<CompressionChoice> compress_;
  Nanos away_bound_{};
  Clock::time_point last_heard_{};
  std::uint64_t whole_flush_bytes_ = 0;
  std::uint64_t flushes_received_ = 0;
  std::uint64_t acks_sent_ = 0;
  std::uint64_t acks_to_skip_ = 0;  // owed on a connection given up: the primary settled them
  bool ack_cut_ = false;            // an ack's send ended early: nothing can follow it
  bool link_broken_ = false;        // a send found the connection broken
};

}  // namespace simhadr
