#include "two_hosts.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <stdexcept>

namespace simhadr::e2e {

namespace {

constexpr const char* kPrefix = "simhadr-test-";

std::string ip_program() {
  for (const char* path : {"/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"}) {
    if (::access(path, X_OK) == 0) return path;
  }
  return {};
}

void run(const std::string& command) {
  if (std::system((command + " >/dev/null 2>&1").c_str()) != 0) {
    throw std::runtime_error("two-host set-up failed: " + command);
  }
}

// Namespaces of test processes that died before their destructors ran.
void remove_orphans() {
  const std::filesystem::path named("/run/netns");
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(named, ignored)) {
    std::smatch m;
    const std::string name = entry.path().filename();
    static const std::regex pattern(std::string(kPrefix) + R"((\d+)-.*)");
    if (std::regex_match(name, m, pattern) && ::kill(std::stoi(m[1]), 0) != 0 && errno == ESRCH) {
      std::system((ip_program() + " netns delete " + name + " >/dev/null 2>&1").c_str());
    }
  }
}

void add_namespace(const std::string& ns) {
  run(ip_program() + " netns add " + ns);
  run(ip_program() + " -n " + ns + " link set lo up");
}

// A veth pair made with each end already in its namespace, so nothing is
// ever named in the machine's own namespace.
void join(const std::string& a, const std::string& a_address, const std::string& b,
          const std::string& b_address, const std::string& device) {
  const std::string ip = ip_program();
  run(ip + " link add " + device + "a netns " + a + " type veth peer name " + device + "b netns " +
      b);
  run(ip + " -n " + a + " addr add " + a_address + "/24 dev " + device + "a");
  run(ip + " -n " + b + " addr add " + b_address + "/24 dev " + device + "b");
  run(ip + " -n " + a + " link set " + device + "a up");
  run(ip + " -n " + b + " link set " + device + "b up");
}

}  // namespace

std::optional<std::string> TwoHosts::unavailable() {
  if (::geteuid() != 0) return "two-host tests need root to make network namespaces";
  if (ip_program().empty()) return "two-host tests need ip (iproute2)";
  return std::nullopt;
}

std::string TwoHosts::launcher() {
  return ip_program();
}

std::vector<std::string> TwoHosts::side(const std::string& role, const std::string& here,
                                        const std::string& there) {
  const bool primary = role == "primary";
  return {"-role",  role,
          "-lhost", here,
          "-lport", primary ? kPrimaryPort : kStandbyPort,
          "-rhost", there,
          "-rport", primary ? kStandbyPort : kPrimaryPort};
}

std::vector<std::string> TwoHosts::inside(const std::string& ns, const std::string& program,
                                          const std::vector<std::string>& args) {
  std::vector<std::string> all{"netns", "exec", ns, program};
  all.insert(all.end(), args.begin(), args.end());
  return all;
}

TwoHosts::TwoHosts(const TwoHostsPlan& plan) {
  remove_orphans();
  static std::atomic<int> made{0};
  const std::string stem = kPrefix + std::to_string(::getpid()) + "-" + std::to_string(made++);
  primary_ = stem + "-p";
  standby_ = stem + "-s";
  try {
    add_namespace(primary_);
    add_namespace(standby_);
    join(primary_, kPrimaryAddress, standby_, kStandbyAddress, "ps");
    if (plan.primary_rate) {
      // Unless a test asks for a shallow queue, its latency bound is generous: a flush must
      // wait, not be dropped.
      const std::string queue = plan.queue_limit_bytes
                                    ? " limit " + std::to_string(*plan.queue_limit_bytes)
                                    : std::string(" latency 400ms");
      run(ip_program() + " netns exec " + primary_ + " tc qdisc add dev psa root tbf rate " +
          *plan.primary_rate + " burst 32kbit" + queue);
    }
    if (plan.intruder) {
      intruder_ = stem + "-i";
      add_namespace(intruder_);
      join(primary_, "198.18.1.1", intruder_, kIntruderAddress, "pi");
      run(ip_program() + " -n " + intruder_ + " route add default via 198.18.1.1");
    }
  } catch (...) {
    remove();
    throw;
  }
}

TwoHosts::~TwoHosts() {
  remove();
}

void TwoHosts::primary_link(bool up) const {
  run(ip_program() + " -n " + primary_ + " link set psa " + (up ? "up" : "down"));
}

LinkFlap::LinkFlap(const TwoHosts& hosts, std::chrono::milliseconds after,
                   std::chrono::milliseconds lasting)
    : thread_([&hosts, after, lasting] {
        std::this_thread::sleep_for(after);
        hosts.primary_link(false);
        std::this_thread::sleep_for(lasting);
        hosts.primary_link(true);
      }) {}

LinkFlap::~LinkFlap() {
  thread_.join();
}

void TwoHosts::remove() {
  for (const std::string* ns : {&primary_, &standby_, &intruder_}) {
    if (ns->empty()) continue;
    std::system((ip_program() + " netns delete " + *ns + " >/dev/null 2>&1").c_str());
  }
}

Site::Site(std::optional<std::string> uplink_rate) {
  remove_orphans();
  static std::atomic<int> made{0};
  const std::string stem =
      std::string(kPrefix) + std::to_string(::getpid()) + "-site" + std::to_string(made++);
  primary_ = stem + "-p";
  switch_ = stem + "-w";
  const std::string ip = ip_program();
  try {
    add_namespace(switch_);
    run(ip + " -n " + switch_ + " link add br0 type bridge");
    run(ip + " -n " + switch_ + " link set br0 up");
    const auto attach = [&](const std::string& ns, const std::string& address,
                            const std::string& device) {
      add_namespace(ns);
      run(ip + " link add " + device + "a netns " + ns + " type veth peer name " + device +
          "b netns " + switch_);
      run(ip + " -n " + ns + " addr add " + address + "/24 dev " + device + "a");
      run(ip + " -n " + ns + " link set " + device + "a up");
      run(ip + " -n " + switch_ + " link set " + device + "b master br0");
      run(ip + " -n " + switch_ + " link set " + device + "b up");
    };
    attach(primary_, kPrimaryAddress, "up");
    for (std::size_t i = 0; i < 3; ++i) {
      standbys_.push_back(stem + "-s" + std::to_string(i + 1));
      attach(standbys_.back(), standby_address(i), "sb" + std::to_string(i + 1));
    }
    if (uplink_rate) {
      run(ip + " netns exec " + primary_ + " tc qdisc add dev upa root tbf rate " + *uplink_rate +
          " burst 32kbit latency 400ms");
    }
  } catch (...) {
    remove();
    throw;
  }
}

Site::~Site() {
  remove();
}

std::string Site::standby_address(std::size_t i) {
  return "198.18.0." + std::to_string(2 + i);
}

void Site::remove() {
  for (const std::string& ns : standbys_) {
    std::system((ip_program() + " netns delete " + ns + " >/dev/null 2>&1").c_str());
  }
  for (const std::string* ns : {&primary_, &switch_}) {
    if (ns->empty()) continue;
    std::system((ip_program() + " netns delete " + *ns + " >/dev/null 2>&1").c_str());
  }
}

PairRun run_across(const TwoHosts& hosts, const std::vector<std::string>& primary_extra,
                   const std::vector<std::string>& standby_extra, const PairPrograms& programs) {
  using namespace std::chrono_literals;
  ChildProcess primary(TwoHosts::inside(hosts.primary(), programs.primary,
                                        concat(TwoHosts::side("primary", TwoHosts::kPrimaryAddress,
                                                              TwoHosts::kStandbyAddress),
                                               primary_extra)),
                       TwoHosts::launcher());
  // The standby retries until the primary listens; waiting for it saves a retry.
  primary.wait_listening(static_cast<std::uint16_t>(std::stoi(TwoHosts::kPrimaryPort)), 5s);
  ChildProcess standby(TwoHosts::inside(hosts.standby(), programs.standby,
                                        concat(TwoHosts::side("standby", TwoHosts::kStandbyAddress,
                                                              TwoHosts::kPrimaryAddress),
                                               standby_extra)),
                       TwoHosts::launcher());
  return finish(primary, standby);
}

}  // namespace simhadr::e2e
