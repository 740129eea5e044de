#include <array>

#include "simhadr/advice/evidence.hpp"
#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

constexpr std::array<EnumName<EvidenceForm>, 24> kFormNames{{
    {EvidenceForm::NoFlush, "no_flush"},
    {EvidenceForm::PrimaryWrite, "primary_write"},
    {EvidenceForm::StandbyWrite, "standby_write"},
    {EvidenceForm::WritesInSeries, "writes_in_series"},
    {EvidenceForm::EitherWrite, "either_write"},
    {EvidenceForm::DiskCap, "disk_cap"},
    {EvidenceForm::LinkTime, "link_time"},
    {EvidenceForm::SenderCpu, "sender_cpu"},
    {EvidenceForm::RoundTrip, "round_trip"},
    {EvidenceForm::ModelledWindow, "modelled_window"},
    {EvidenceForm::SendBufferInFlight, "send_buffer_in_flight"},
    {EvidenceForm::WindowClosed, "window_closed"},
    {EvidenceForm::SendsWaited, "sends_waited"},
    {EvidenceForm::Replay, "replay"},
    {EvidenceForm::UplinkFull, "uplink_full"},
    {EvidenceForm::CpuWait, "cpu_wait"},
    {EvidenceForm::Outages, "outages"},
    {EvidenceForm::PacketLoss, "packet_loss"},
    {EvidenceForm::StandbyBufferFull, "standby_buffer_full"},
    {EvidenceForm::StandbyNotLimiting, "standby_not_limiting"},
    {EvidenceForm::ModelledSenderCpu, "modelled_sender_cpu"},
    {EvidenceForm::ModelledReceiverCpu, "modelled_receiver_cpu"},
    {EvidenceForm::LoadCarried, "load_carried"},
    {EvidenceForm::NothingModelled, "nothing_modelled"},
}};
static_assert(rows_follow_enum(kFormNames, EvidenceForm::NothingModelled));

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
