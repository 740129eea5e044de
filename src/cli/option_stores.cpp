#include "cli/option_stores.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/value_parsers.hpp"
#include "simhadr/limits.hpp"

namespace simhadr::option_stores {

namespace {

std::vector<double> numbers(const Input& in, double least, double most, bool positive) {
  std::vector<double> values;
  for (const std::string& entry : in.list()) {
    values.push_back(positive ? parse_positive(in.name(), entry, most)
                              : parse_number<double>(in.name(), entry, least, most));
  }
  return values;
}

// A figure for both sides, or a comma pair: the primary's, then the standby's.
std::pair<double, double> one_or_two(const Input& in, double most, bool positive,
                                     std::string_view pair_of) {
  const std::vector<double> figures = numbers(in, 0.0, most, positive);
  if (figures.size() > 2) {
    throw UsageError(fmt::format("-{} takes one figure, or two: {}", in.name(), pair_of));
  }
  return {figures.front(), figures.back()};
}

}  // namespace

void store_rhost(Values& o, const Input& in) {
  o.standby_lists.hosts = in.list();
  o.config.remote.host = o.standby_lists.hosts.front();
}

void store_rport(Values& o, const Input& in) {
  o.standby_lists.ports.clear();
  for (const std::string& port : in.list())
    o.standby_lists.ports.push_back(parse_port(in, port, 1));
  o.config.remote.port = o.standby_lists.ports.front();
}

void store_disk(Values& o, const Input& in) {
  if (in.size() < 2 || in.size() > 4) {
    throw UsageError(fmt::format(
        "-{} takes MB/s and seconds of overhead per IO, then at most an IOPS cap and an MB/s cap",
        in.name()));
  }
  DiskParams disk{MBytesPerSec{in.positive(kMaxRateMBps)}, in.number(0.0, kMaxOverheadSeconds, 1)};
  // A cap of 0 is no cap: "-disk 200 0.0002 0 125" caps the MB/s alone.
  const auto cap = [&](std::size_t at, double least,
                       std::string_view what) -> std::optional<double> {
    if (in.size() <= at) return std::nullopt;
    const double value = in.number(0.0, at == 2 ? kMaxIops : kMaxRateMBps, at);
    if (value == 0) return std::nullopt;
    if (value < least) {
      throw UsageError(
          fmt::format("-{}'s {} cap is 0 (none) or at least {:g}", in.name(), what, least));
    }
    return value;
  };
  disk.caps.iops = cap(2, kLeastIopsCap, "IOPS");
  if (const auto mbps = cap(3, kLeastMBpsCap, "MB/s")) disk.caps.throughput = MBytesPerSec{*mbps};
  o.config.disk = disk;
}

void store_log_dir(Values& o, const Input& in) {
  std::error_code error;
  if (!std::filesystem::is_directory(in.text(), error)) {
    throw UsageError(fmt::format("-{} {}: no such directory", in.name(), shown(in.text())));
  }
  o.config.log_dir = in.text();
}

void store_replay(Values& o, const Input& in) {
  o.config.replay = DiskParams{MBytesPerSec{in.positive(kMaxRateMBps)},
                               in.size() > 1 ? in.number(0.0, kMaxOverheadSeconds, 1) : 0.0};
}

void store_net_delay(Values& o, const Input& in) {
  o.standby_lists.delays = numbers(in, 0.0, kMaxNetDelaySeconds, false);
  o.network().one_way_delay_seconds = o.standby_lists.delays.front();
}

void store_net_rate(Values& o, const Input& in) {
  o.standby_lists.rates = numbers(in, 0.0, kMaxRateMBps, true);
  o.network().rate = MBytesPerSec{o.standby_lists.rates.front()};
}

void store_log_rate(Values& o, const Input& in) {
  o.logger().rate = MBytesPerSec{in.positive(kMaxRateMBps)};
}

void store_log_buf_size(Values& o, const Input& in) {
  o.logger().buffer_pages = in.number<std::uint32_t>(1, kMaxFlushPages);
}

void store_net_outage_every(Values& o, const Input& in) {
  o.outages().every_seconds = in.positive(kMaxOutageSeconds);
}

void store_tcp_cost(Values& o, const Input& in) {
  const auto [send, receive] =
      one_or_two(in, kMaxTcpCostSecondsPerGb, false, "the primary's and the standby's");
  o.config.tcp_cost = TcpCost{send, receive};
}

void store_tls_cost(Values& o, const Input& in) {
  const auto [encrypt, decrypt] =
      one_or_two(in, kMaxTlsCostSecondsPerGb, true, "encrypting's and decrypting's");
  o.tls().cipher_cost = TlsCipherFigures{encrypt, decrypt};
}

void store_calculate(Values& o, const Input& in) {
  if (!o.calculate) o.calculate.emplace();
  auto& files = o.calculate->files;
  files.insert(files.end(), in.all().begin(), in.all().end());
}

void store_payload(Values& o, const Input& in) {
  o.payload.assign(in.all().begin(), in.all().end());
}

void store_diagnose(Values& o, const Input& in) {
  if (!o.diagnose) o.diagnose.emplace();
  o.diagnose->files.insert(o.diagnose->files.end(), in.all().begin(), in.all().end());
}

void store_network(Values& o, const Input& in) {
  if (in.size() != 2) {
    throw UsageError(
        fmt::format("-{} takes two values: MB/s and the round trip in seconds", in.name()));
  }
  o.calculator_network = CalculatorNetwork{MiBPerSec{in.positive(kMaxRateMBps)},
                                           in.number(0.0, kMaxOverheadSeconds, 1)};
}

Nanos seconds(const Input& in, double least) {
  return from_seconds(in.number(least, kMaxRunSeconds));
}

void store_disk_target(Values& o, const Input& in, DiskTestKind kind) {
  o.disk_targets.emplace_back(kind, in.text());
}

}  // namespace simhadr::option_stores
