#pragma once
// Two hosts on one machine: network namespaces joined by a veth pair, with
// addresses from the benchmarking range 198.18.0.0/15, optionally a token
// bucket (tbf) limiting the primary's side, and optionally a third namespace
// on a link of its own to the primary, as an intruder. Everything is made by
// the fixture and removed by its destructor, whatever the test did.
#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "pair_run.hpp"

namespace simhadr::e2e {

struct TwoHostsPlan {
  std::optional<std::string> primary_rate;  // tc's syntax: "100mbit"
  bool intruder = false;
  // The token bucket's queue, in bytes: a shallow one drops from its tail, as a
  // shallow switch buffer or a policer does. Without it the queue holds 400 ms.
  std::optional<unsigned> queue_limit_bytes;
};

class TwoHosts {
 public:
  // Why namespaces cannot be made here (not root, no ip), or empty.
  static std::optional<std::string> unavailable();

  explicit TwoHosts(const TwoHostsPlan& plan = {});
  ~TwoHosts();
  TwoHosts(const TwoHosts&) = delete;
  TwoHosts& operator=(const TwoHosts&) = delete;

  static constexpr const char* kPrimaryAddress = "198.18.0.1";
  static constexpr const char* kStandbyAddress = "198.18.0.2";
  static constexpr const char* kIntruderAddress = "198.18.1.2";

  const std::string& primary() const { return primary_; }
  // Sets the primary's end of the link down, then up again.
  void primary_link(bool up) const;
  const std::string& standby() const { return standby_; }
  const std::string& intruder() const { return intruder_; }

  // -role, -lhost/-lport and -rhost/-rport for one side at `here`, its peer at `there`.
  static std::vector<std::string> side(const std::string& role, const std::string& here,
                                       const std::string& there);
  static constexpr const char* kPrimaryPort = "47000";
  static constexpr const char* kStandbyPort = "47001";

  // A ChildProcess's program and arguments that run `program args` inside `ns`.
  static std::string launcher();
  static std::vector<std::string> inside(const std::string& ns, const std::string& program,
                                         const std::vector<std::string>& args);

 private:
  void remove();

  std::string primary_, standby_, intruder_;
};

// Takes the primary's link down `after` its making, for `lasting`, from a
// thread of its own, as an outage would; the destructor waits for it to end,
// so the link is always up again.
class LinkFlap {
 public:
  LinkFlap(const TwoHosts& hosts, std::chrono::milliseconds after,
           std::chrono::milliseconds lasting);
  ~LinkFlap();
  LinkFlap(const LinkFlap&) = delete;
  LinkFlap& operator=(const LinkFlap&) = delete;

 private:
  std::thread thread_;
};

// A multi-standby site: the primary and three standbys, each in a namespace
// of its own, joined through a bridge in a fifth (the switch). The tbf, when
// given, limits the primary's link to the switch: the uplink every stream
// to a standby shares. Removed by the destructor, as TwoHosts.
class Site {
 public:
  explicit Site(std::optional<std::string> uplink_rate);
  ~Site();
  Site(const Site&) = delete;
  Site& operator=(const Site&) = delete;

  static constexpr const char* kPrimaryAddress = "198.18.0.1";
  // Standby i (0 the principal) is at 198.18.0.(2 + i).
  static std::string standby_address(std::size_t i);
  const std::string& primary() const { return primary_; }
  const std::string& standby(std::size_t i) const { return standbys_.at(i); }

 private:
  void remove();
  std::string primary_, switch_;
  std::vector<std::string> standbys_;
};

// The binaries each side runs: ours unless told (the interop tests give the original's).
struct PairPrograms {
  std::string primary = binary_under_test();
  std::string standby = binary_under_test();
};

// A primary in hosts.primary() and a standby in hosts.standby(), on fixed
// ports (each pair of namespaces has its own), until both end.
PairRun run_across(const TwoHosts& hosts, const std::vector<std::string>& primary_extra,
                   const std::vector<std::string>& standby_extra = {},
                   const PairPrograms& programs = {});

}  // namespace simhadr::e2e
