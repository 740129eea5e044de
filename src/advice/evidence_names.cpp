#include <array>

#include "simhadr/advice/evidence.hpp"
#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

using enum EvidenceForm;

constexpr std::array<EnumName<EvidenceForm>, 19> kFormNames{{
    {NoFlush, "no_flush"},
    {PrimaryWrite, "primary_write"},
    {StandbyWrite, "standby_write"},
    {WritesInSeries, "writes_in_series"},
    {EitherWrite, "either_write"},
    {LinkTime, "link_time"},
    {SenderCpu, "sender_cpu"},
    {RoundTrip, "round_trip"},
    {ModelledWindow, "modelled_window"},
    {SendBufferInFlight, "send_buffer_in_flight"},
    {WindowClosed, "window_closed"},
    {SendsWaited, "sends_waited"},
    {Replay, "replay"},
    {UplinkFull, "uplink_full"},
    {CpuWait, "cpu_wait"},
    {Outages, "outages"},
    {PacketLoss, "packet_loss"},
    {StandbyBufferFull, "standby_buffer_full"},
    {StandbyNotLimiting, "standby_not_limiting"},
}};
static_assert(rows_follow_enum(kFormNames, StandbyNotLimiting));

constexpr std::array<EnumName<SenderPace>, 3> kPaceNames{{
    {SenderPace::NoNetworkModelled, "no_network_modelled"},
    {SenderPace::ThisHostCopying, "this_host_copying"},
    {SenderPace::WireOrCpu, "wire_or_cpu"},
}};
static_assert(rows_follow_enum(kPaceNames, SenderPace::WireOrCpu));

}  // namespace

std::string_view evidence_form_name(EvidenceForm form) {
  return row_for(kFormNames, form).name;
}

std::string_view sender_pace_name(SenderPace pace) {
  return row_for(kPaceNames, pace).name;
}

}  // namespace simhadr
