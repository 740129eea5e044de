#pragma once
#include <fmt/format.h>

#include <optional>
#include <string>

#include "disk/disk_file.hpp"
#include "payload/page_source.hpp"
#include "simhadr/advice/bottleneck.hpp"
#include "simhadr/config.hpp"
#include "simhadr/measure/run_result.hpp"
#include "simhadr/transport.hpp"
#include "simhadr/wire/protocol_error.hpp"

namespace simhadr {

enum class RunEnd : std::uint8_t {
  Completed,    // -n / -t reached, or (standby) the primary closed the connection
  Interrupted,  // Ctrl-C or SIGTERM; on a primary also its standby saying it is stopping
  Failed,       // the connection or the peer broke the run
};

// How the session with the peer ended, beside how the run ended.
enum class Session : std::uint8_t {
  Ran,             // a run took place (RunEnd says how it ended)
  NeverConnected,  // stopped before the peer was there
  // The standby's connection closed, was reset or was stopped before a
  // handshake came, or what came was not one (a protocol error): no run took place.
  NoHandshake,
  // The standby closes to reconnect with requested socket settings: not a
  // run yet, and no report (see docs/protocol.md).
  Reconnect,
  // The side stopped on an error of its own (the demo's guard caught it): it
  // has a failure, and no report.
  Aborted,
};

struct RoleOutcome {
  RunResult result;
  RunEnd end = RunEnd::Completed;
  std::string failure;  // one line, when end == Failed
  // Who interrupted the run, when end == Interrupted: "SIGINT", "SIGTERM", "the standby".
  std::string stopped_by;
  Session session = Session::Ran;
  std::optional<SocketOptions> reconnect_with;  // standby: the options to reconnect with
  // The advisor's paragraph, worked out once when the side has finished (with
  // its pair's figures where the run has both sides, runs/verdict.hpp); every
  // output (text, JSON) shows this one. A modelled standby has none.
  std::optional<Bottleneck> verdict;

  bool connected() const { return session != Session::NeverConnected; }
  bool reconnects() const { return session == Session::Reconnect; }
  // Only a side whose run began (its handshake went or came) has a report; one
  // that ended before says why in its one error line.
  bool reportable() const { return session == Session::Ran; }
  void fail(std::string why) {
    end = RunEnd::Failed;
    failure = std::move(why);
  }
};

// Runs body; a broken connection or a peer that breaks the protocol ends the
// run as failed with one line saying so, and what was measured stays.
template <typename Body>
void fail_on_peer_errors(RoleOutcome& outcome, Body body) {
  try {
    body();
  } catch (const TransportError& error) {
    outcome.fail(error.what());
  } catch (const ProtocolError& error) {
    outcome.fail(fmt::format("protocol error: {}", error.what()));
  } catch (const PayloadError& error) {
    // Not the peer's, but it ends the run the same way: what was shipped is reported.
    outcome.fail(error.what());
  } catch (const DiskError& error) {
    // -logDir's write failed: the same, for what was written.
    outcome.fail(error.what());
  }
}

}  // namespace simhadr
