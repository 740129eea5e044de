#include "simhadr/advice/bottleneck.hpp"

#include <array>

#include "simhadr/enum_names.hpp"

namespace simhadr {

namespace {

// The enumerators unqualified inside the table only: a unity build puts the
// files after this one in the same scope.
constexpr auto kResourceNames = [] {
  using enum Resource;
  return std::array<EnumName<Resource>, 20>{{
      {PrimaryDisk, "primary disk"},
      {StandbyDisk, "standby disk"},
      {BothDisks, "primary and standby disks"},
      {DiskIopsCap, "log disk IOPS cap"},
      {DiskThroughputCap, "log disk throughput cap"},
      {NetworkBandwidth, "network bandwidth"},
      {NetworkOutages, "network outages"},
      {PacketLoss, "packet loss"},
      {SharedUplink, "shared uplink"},
      {RoundTrip, "round trip"},
      {SocketBufferWindow, "socket buffer window"},
      {StandbyReplay, "standby replay"},
      {SenderCpu, "sender CPU"},
      {ReceiverCpu, "receiver CPU"},
      {HostCpu, "host CPU"},
      {StandbyDiskOrReplay, "standby disk or replay"},
      {NotThisStandby, "not this standby"},
      {Target, "target"},
      {Workload, "workload"},
      {Unknown, "unknown"},
  }};
}();
static_assert(rows_follow_enum(kResourceNames, Resource::Unknown));

}  // namespace

std::string_view resource_name(Resource resource) {
  return row_for(kResourceNames, resource).name;
}

}  // namespace simhadr
