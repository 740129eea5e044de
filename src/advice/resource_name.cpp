#include "simhadr/advice/bottleneck.hpp"

namespace simhadr {

std::string_view resource_name(Resource resource) {
  switch (resource) {
    case Resource::PrimaryDisk:
      return "primary disk";
    case Resource::StandbyDisk:
      return "standby disk";
    case Resource::BothDisks:
      return "primary and standby disks";
    case Resource::NetworkBandwidth:
      return "network bandwidth";
    case Resource::NetworkOutages:
      return "network outages";
    case Resource::PacketLoss:
      return "packet loss";
    case Resource::SharedUplink:
      return "shared uplink";
    case Resource::RoundTrip:
      return "round trip";
    case Resource::SocketBufferWindow:
      return "socket buffer window";
    case Resource::StandbyReplay:
      return "standby replay";
    case Resource::SenderCpu:
      return "sender CPU";
    case Resource::HostCpu:
      return "host CPU";
    case Resource::StandbyDiskOrReplay:
      return "standby disk or replay";
    case Resource::NotThisStandby:
      return "not this standby";
    case Resource::Unknown:
      break;
  }
  return "unknown";
}

}  // namespace simhadr
