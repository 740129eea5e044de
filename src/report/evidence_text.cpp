#include "simhadr/report/evidence_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "simhadr/enum_names.hpp"
#include "simhadr/rate.hpp"

namespace simhadr {

namespace {

std::string assumed(const Evidence& e) {
  return e.standby_disk_assumed ? ", taking the standby's disk to be like -disk" : "";
}

std::string sender_pace(const Evidence& e) {
  switch (*e.sender_pace) {
    case SenderPace::NoNetworkModelled:
      return ", with no network modelled";
    case SenderPace::ThisHostCopying:
      return fmt::format("; TCP's pace of {:.6f} MBytes/sec is this host copying, not a wire",
                         *e.tcp_mbytes_per_sec);
    case SenderPace::WireOrCpu:
      return fmt::format(
          "; TCP moved {:.6f} MBytes/sec while busy, which this process's CPU time per flush "
          "could also explain: the wire and the CPU cannot be told apart here",
          *e.tcp_mbytes_per_sec);
  }
  return {};
}

std::string stall_summary(const StallFigures& stalls) {
  return fmt::format(
      "{} stall{} of the connection, the longest {:.3f} s at {:.3f} s, {:.3f} s in all "
      "({:.1f}% of the run)",
      stalls.count, stalls.count == 1 ? "" : "s", stalls.longest_seconds, stalls.longest_at_seconds,
      stalls.total_seconds, 100 * stalls.share_of_run);
}

std::string link_time(const Evidence& e) {
  std::string on_the_link = ", TCP's pace while it had data in flight";
  if (e.compression_ratio && e.modelled_link_mbytes_per_sec) {
    on_the_link = fmt::format(
        " of log, compressed {:.2f} times (-compress), in TCP payload on a {:g} MBytes/sec link",
        *e.compression_ratio, *e.modelled_link_mbytes_per_sec);
  } else if (e.compression_ratio) {
    on_the_link = fmt::format(
        " of log, compressed {:.2f} times (-compress): TCP's pace while it had data in flight, "
        "times that",
        *e.compression_ratio);
  } else if (e.modelled_link_mbytes_per_sec) {
    on_the_link =
        fmt::format(" of TCP payload on a {:g} MBytes/sec link", *e.modelled_link_mbytes_per_sec);
  }
  return fmt::format("a flush of {:.0f} bytes takes {:.6f} s on the link ({:.6f} MBytes/sec{})",
                     e.flush_bytes, *e.send_seconds, *e.link_mbytes_per_sec, on_the_link);
}

std::string outages(const Evidence& e) {
  const std::string outside = e.link_outside_stalls_mbytes_per_sec
                                  ? fmt::format("; outside them the link carried {:.6f} MBytes/sec",
                                                *e.link_outside_stalls_mbytes_per_sec)
                                  : std::string();
  return fmt::format("{}: the link carried nothing while the log waited{}",
                     stall_summary(*e.stalls), outside);
}

std::string uplink_full(const Evidence& e) {
  const double outbound = *e.outbound_mbytes_per_sec;
  const double principal = *e.principal_mbytes_per_sec;
  return fmt::format(
      "the primary's uplink of {:g} MBytes/sec ({:.6f} of TCP payload) carried {:.6f} "
      "MBytes/sec: it was full, and the principal's stream had {:.6f} of it ({:.1f}%), the "
      "auxiliaries the rest",
      *e.uplink_mbytes_per_sec, *e.uplink_payload_mbytes_per_sec, outbound, principal,
      outbound > 0 ? principal / outbound * 100 : 0.0);
}

std::string no_flush(const Evidence&) {
  return "no flush completed";
}

std::string primary_write(const Evidence& e) {
  const double bytes = e.flush_bytes;
  return fmt::format("the log write takes {:.6f} s per flush of {:.0f} bytes ({:.6f} MBytes/sec)",
                     *e.write_seconds, bytes, limit_mbytes_per_sec(bytes, *e.write_seconds));
}

std::string standby_write(const Evidence& e) {
  const double bytes = e.flush_bytes;
  return fmt::format(
      "the standby's write takes {:.6f} s per flush of {:.0f} bytes ({:.6f} MBytes/sec){}",
      *e.standby_write_seconds, bytes, limit_mbytes_per_sec(bytes, *e.standby_write_seconds),
      assumed(e));
}

std::string writes_in_series(const Evidence& e) {
  const double bytes = e.flush_bytes;
  return fmt::format(
      "a flush of {:.0f} bytes is written on the primary ({:.6f} s), then on the standby "
      "({:.6f} s) before its ack: {:.6f} MBytes/sec for the two in series{}",
      bytes, *e.write_seconds, *e.standby_write_seconds,
      limit_mbytes_per_sec(bytes, *e.write_seconds + *e.standby_write_seconds), assumed(e));
}

// What the cap allows, what the disk would do without it, and the tier that lifts it.
std::string disk_cap(const Evidence& e) {
  const double bytes = e.flush_bytes;
  const double capped = limit_mbytes_per_sec(bytes, *e.cap_interval_seconds);
  const std::string cap = e.disk_iops_cap ? fmt::format("{:g} IOPS", *e.disk_iops_cap)
                                          : fmt::format("{:g} MB/s", *e.disk_cap_mbytes_per_sec);
  std::string text = fmt::format(
      "the disk writes a flush of {:.0f} bytes in {:.6f} s, but its cap of {} starts one every "
      "{:.6f} s: {:.6f} MBytes/sec{}",
      bytes, *e.write_seconds, cap, *e.cap_interval_seconds, capped, assumed(e));
  if (!e.uncapped_mbytes_per_sec || *e.uncapped_mbytes_per_sec <= capped) return text;
  const double lifted = *e.uncapped_mbytes_per_sec;
  if (!std::isfinite(lifted)) return text + "; nothing else modelled limits it";
  const std::string tier = e.disk_iops_cap
                               ? fmt::format("{:.0f} IOPS", std::ceil(lifted * 1e6 / bytes))
                               : fmt::format("{:.3f} MB/s", lifted);
  return text + fmt::format("; a tier of {} or more would give {:.6f} MBytes/sec", tier, lifted);
}
std::string either_write(const Evidence& e) {
  const double bytes = e.flush_bytes;
  return fmt::format(
      "the primary writes a flush of {:.0f} bytes in {:.6f} s and the standby in {:.6f} s; "
      "either alone holds the log to {:.6f} MBytes/sec{}",
      bytes, *e.write_seconds, *e.standby_write_seconds,
      limit_mbytes_per_sec(bytes, std::max(*e.write_seconds, *e.standby_write_seconds)),
      assumed(e));
}

std::string sender_cpu(const Evidence& e) {
  const double bytes = e.flush_bytes;
  return fmt::format(
      "handing a flush of {:.0f} bytes to TCP takes {:.6f} s ({:.6f} MBytes/sec): the sending "
      "process{} and the kernel{}",
      bytes, *e.send_seconds, limit_mbytes_per_sec(bytes, *e.send_seconds),
      e.encrypted ? " (encrypting it for TLS: the CPU line shows the cost)" : "", sender_pace(e));
}

std::string round_trip(const Evidence& e) {
  return fmt::format("every flush waits {:.6f} s of round trip for its ack", *e.round_trip_seconds);
}

std::string modelled_window(const Evidence& e) {
  return fmt::format("{} bytes in flight per {:.6f} s round trip allow {:.6f} MBytes/sec",
                     *e.window_bytes, *e.round_trip_seconds, *e.window_mbytes_per_sec);
}

std::string send_buffer_in_flight(const Evidence& e) {
  return fmt::format(
      "all {} bytes of the send buffer were in flight, waiting for acks, {:.1f}% of the run: "
      "raise -sockSndBuf here and -sockRcvBuf on the standby",
      *e.send_buffer_bytes, *e.held_back_share * 100);
}

std::string window_closed(const Evidence& e) {
  return fmt::format(
      "the standby's receive window was closed {:.1f}% of the run: it takes the log more "
      "slowly than it comes, for its disk, its replay or its CPU (its report says whether its "
      "receive buffer was full)",
      *e.held_back_share * 100);
}

std::string sends_waited(const Evidence& e) {
  return fmt::format(
      "sends waited for room {:.1f}% of the run: the standby takes the log more slowly than "
      "it comes (its report says whether its receive buffer was full)",
      *e.held_back_share * 100);
}

std::string replay(const Evidence& e) {
  const double bytes = e.flush_bytes;
  if (e.replay_delay_seconds && e.replay_held_bytes) {
    return fmt::format(
        "-replayDelay {:g} s keeps each flush on the standby that long, and its receive buffer "
        "and spool hold {:.0f} bytes, so it takes in at most {:.6f} MBytes/sec ({:.6f} s per "
        "flush of {:.0f} bytes): a larger -spoolLimit lifts it, as Db2 advises spooling with "
        "delayed replay",
        *e.replay_delay_seconds, *e.replay_held_bytes,
        limit_mbytes_per_sec(bytes, *e.replay_seconds), *e.replay_seconds, bytes);
  }
  return fmt::format("replay takes {:.6f} s per flush of {:.0f} bytes ({:.6f} MBytes/sec)",
                     *e.replay_seconds, bytes, limit_mbytes_per_sec(bytes, *e.replay_seconds));
}

std::string cpu_wait(const Evidence& e) {
  return fmt::format(
      "this process was ready to run but waited for a CPU {:.1f}% of the run, and the log "
      "moved at {:.6f} MBytes/sec where the link and the disks allow {:.6f}: the host's other "
      "work set the pace",
      *e.cpu_wait_share * 100, *e.log_mbytes_per_sec, *e.allowed_mbytes_per_sec);
}

std::string packet_loss(const Evidence& e) {
  return fmt::format(
      "{:.1f}% of what TCP sent was sent again ({} of {} bytes): the wire carried {:.6f} "
      "MBytes/sec in all for {:.6f} of log, so the link's capacity can be higher than what "
      "the log got; loss, not bandwidth, set the pace",
      *e.retransmitted_share * 100, *e.retransmitted_bytes, *e.tcp_sent_bytes,
      *e.wire_mbytes_per_sec, *e.log_mbytes_per_sec);
}

std::string standby_buffer_full(const Evidence& e) {
  return fmt::format(
      "its receive buffer was full {:.1f}% of the run (average use {:.1f}%), so the primary "
      "waited for room",
      *e.buffer_full_share * 100, *e.buffer_average_fraction * 100);
}

std::string standby_not_limiting(const Evidence& e) {
  return fmt::format(
      "its receive buffer was full {:.1f}% of the run (average use {:.1f}%); the primary's "
      "report names the limit",
      *e.buffer_full_share * 100, *e.buffer_average_fraction * 100);
}

// A side's thread on each flush under -model: compressing's part, the cipher's, TCP's, or several.
std::string thread_cpu(const Evidence& e, std::string_view compress_work,
                       std::string_view cipher_work, std::string_view side) {
  const double compress = e.compress_seconds.value_or(0);
  const double cipher = e.cipher_seconds.value_or(0);
  const double tcp = e.tcp_seconds.value_or(0);
  std::string work;
  if (compress > 0) {
    std::vector<std::string> parts{fmt::format("{} ({:.6f} s)", compress_work, compress)};
    if (cipher > 0) parts.push_back(fmt::format("{} ({:.6f} s)", cipher_work, cipher));
    if (tcp > 0) parts.push_back(fmt::format("TCP's work ({:.6f} s)", tcp));
    work = fmt::format("-compress: {} on", fmt::join(parts, ", "));
  } else if (cipher > 0 && tcp > 0) {
    work = fmt::format("TLS and -tcpCost: {} ({:.6f} s) and TCP's work ({:.6f} s) on", cipher_work,
                       cipher, tcp);
  } else {
    work = cipher > 0 ? fmt::format("TLS: {}", cipher_work) : "-tcpCost: TCP's work on";
  }
  const double total = compress + cipher + tcp;
  return fmt::format(
      "{} each flush of {:.0f} bytes takes the {} {:.6f} s of CPU ({:.6f} MBytes/sec)", work,
      e.flush_bytes, side, total, limit_mbytes_per_sec(e.flush_bytes, total));
}

std::string modelled_sender_cpu(const Evidence& e) {
  return thread_cpu(e, "compressing", "encrypting", "primary");
}

std::string modelled_receiver_cpu(const Evidence& e) {
  return thread_cpu(e, "restoring", "decrypting", "standby");
}

std::string load_carried(const Evidence& e) {
  const double offered = *e.offered_mbytes_per_sec;
  std::string text =
      e.workload_intervals
          ? fmt::format(
                "the pair kept up with each of the {} workload intervals the run reached, the "
                "busiest offering {:.6f} MBytes/sec",
                *e.workload_intervals, offered)
          : fmt::format("the pair kept up with the {:.6f} MBytes/sec offered", offered);
  if (e.commit_wait_seconds) {
    text += fmt::format(", commits waiting {:.6f} s on average and {:.6f} s at most",
                        *e.commit_wait_seconds, *e.commit_wait_max_seconds);
  }
  if (!e.capacity_mbytes_per_sec) {
    return text + "; no figure limits this mode: no -disk, -netDelay or -netRate was given";
  }
  const double capacity = *e.capacity_mbytes_per_sec;
  return text + fmt::format(
                    "; at flushes of {:.0f} bytes this mode could carry {:.6f} MBytes/sec, {:.1f} "
                    "times that",
                    e.flush_bytes, capacity, offered > 0 ? capacity / offered : 0.0);
}

std::string nothing_modelled(const Evidence&) {
  return "no figure limits this mode: no -disk, -netDelay or -netRate was given, and nothing "
         "was measured";
}

struct FormSentence {
  EvidenceForm value;
  std::string (*sentence)(const Evidence&);
};

// The sentence of the verdict itself, before what is said beside it: a row per form.
constexpr std::array<FormSentence, 24> kSentences{{
    {EvidenceForm::NoFlush, no_flush},
    {EvidenceForm::PrimaryWrite, primary_write},
    {EvidenceForm::StandbyWrite, standby_write},
    {EvidenceForm::WritesInSeries, writes_in_series},
    {EvidenceForm::EitherWrite, either_write},
    {EvidenceForm::DiskCap, disk_cap},
    {EvidenceForm::LinkTime, link_time},
    {EvidenceForm::SenderCpu, sender_cpu},
    {EvidenceForm::RoundTrip, round_trip},
    {EvidenceForm::ModelledWindow, modelled_window},
    {EvidenceForm::SendBufferInFlight, send_buffer_in_flight},
    {EvidenceForm::WindowClosed, window_closed},
    {EvidenceForm::SendsWaited, sends_waited},
    {EvidenceForm::Replay, replay},
    {EvidenceForm::UplinkFull, uplink_full},
    {EvidenceForm::CpuWait, cpu_wait},
    {EvidenceForm::Outages, outages},
    {EvidenceForm::PacketLoss, packet_loss},
    {EvidenceForm::StandbyBufferFull, standby_buffer_full},
    {EvidenceForm::StandbyNotLimiting, standby_not_limiting},
    {EvidenceForm::ModelledSenderCpu, modelled_sender_cpu},
    {EvidenceForm::ModelledReceiverCpu, modelled_receiver_cpu},
    {EvidenceForm::LoadCarried, load_carried},
    {EvidenceForm::NothingModelled, nothing_modelled},
}};
static_assert(rows_follow_enum(kSentences, EvidenceForm::NothingModelled));

}  // namespace

std::string evidence_sentence(const Evidence& e) {
  return row_for(kSentences, e.form).sentence(e);
}

std::string evidence_asides(const Evidence& e) {
  std::string text;
  // The stalls and the retransmissions, where they are not the verdict itself.
  if (e.stalls && e.form != EvidenceForm::Outages) {
    text +=
        fmt::format("; beside it, {}{}", stall_summary(*e.stalls),
                    e.stalls->absorbed_by_target ? ", which the run's -target pace absorbed" : "");
  }
  if (e.outbound_mbytes_per_sec && e.form != EvidenceForm::UplinkFull) {
    text += fmt::format(
        "; the primary sent {:.6f} MBytes/sec in all, with its auxiliary standbys: whether this "
        "link is the principal's own or an uplink the streams share, the run cannot tell "
        "(-model -uplinkRate tries a shared one)",
        *e.outbound_mbytes_per_sec);
  }
  if (e.retransmitted_share && e.form != EvidenceForm::PacketLoss) {
    text += fmt::format("; TCP sent {:.1f}% of its bytes again", *e.retransmitted_share * 100);
  }
  if (e.replayed_seconds) {
    text += fmt::format(
        "; the standby took {:.6f} s to replay the {} bytes of log it took in ({:.6f} MBytes/sec): "
        "the "
        "measured figure also counts what its buffer and the link held when the run ended",
        *e.replayed_seconds, e.replayed_bytes.value_or(0), e.replayed_mbytes_per_sec.value_or(0));
  }
  return text;
}

std::string evidence_text(const Evidence& e) {
  return evidence_sentence(e) + evidence_asides(e);
}

}  // namespace simhadr
