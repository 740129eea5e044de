// -testDisk on a disk sold by caps: a loop device throttled by the block cgroup
// to 500 write IOPS and 60 MB/s (tests/disk/capped-device), made and removed
// here. Root only, and skipped where the host has no loop devices or block
// cgroup. Asserts what the fit finds, within the 10%, never a speed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>

#include "pair_run.hpp"

namespace simhadr::e2e {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

const std::string kDevice = std::string(SIMHADR_SOURCE_DIR) + "/tests/disk/capped-device";
constexpr int kUnavailable = 77;

class CappedDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    // What is asserted is what the fit finds in a run of the real binary; a
    // sanitized one on a busy machine spent nearly the cap's 2 ms of CPU on each
    // write, and the fit took it for a line (once under each sanitizer in CI).
    if (binary_sanitized()) GTEST_SKIP() << "a sanitized binary cannot measure the caps";
    if (::geteuid() != 0) GTEST_SKIP() << "a capped device needs root (a loop device, a cgroup)";
    ChildProcess up({kDevice, "up", name_, "500", "60000000"}, "/bin/bash");
    const std::optional<int> status = up.wait(30s);
    if (status == kUnavailable) GTEST_SKIP() << up.err();
    made_ = true;  // whatever came of it, TearDown undoes it
    ASSERT_EQ(status, 0) << up.err();
    mount_ = up.out().substr(0, up.out().find('\n'));
  }
  void TearDown() override {
    if (!made_) return;
    ChildProcess down({kDevice, "down", name_}, "/bin/bash");
    EXPECT_EQ(down.wait(20s), 0) << down.err();
  }

  // simhadr with `args`, inside the device's cgroup.
  std::optional<int> run_capped(std::vector<std::string> args, std::string* err) {
    args.insert(args.begin(), {kDevice, "run", name_, binary_under_test()});
    ChildProcess run(args, "/bin/bash");
    const std::optional<int> status = run.wait(60s);
    *err = run.err();
    return status;
  }

  std::string name_ = "e2e-" + std::to_string(::getpid());
  std::string mount_;
  bool made_ = false;
};

TEST_F(CappedDevice, TheSweepFindsBothCapsAndWhereEachBinds) {
  const fs::path doc = scratch_file("capped", "sweep.json");
  std::string err;
  // Two seconds a size: the cgroup's first slice of each lets a tenth of a second through at once.
  ASSERT_EQ(run_capped({"-testDisk", mount_, "-t", "18", "-json", doc.string()}, &err), 0) << err;
  std::ifstream in(doc);
  const json test = json::parse(in)["disk_test"];
  const json& fit = test["fit"];
  // What each size kept up, to tell a fit that missed from a throttle that lost IOs.
  std::string rates;
  for (const json& size : test["sizes"]) {
    rates += fmt::format(" {}:{:.0f}", size["pages"].get<int>(),
                         size["ios"].get<double>() / size["elapsed_seconds"].get<double>());
  }
  SCOPED_TRACE("IOs a second by pages:" + rates);
  ASSERT_FALSE(fit["iops_cap"].is_null()) << fit;
  ASSERT_FALSE(fit["cap_mbytes_per_sec"].is_null()) << fit;
  EXPECT_NEAR(fit["iops_cap"].get<double>(), 500, 50);
  EXPECT_NEAR(fit["cap_mbytes_per_sec"].get<double>(), 60, 6);
  // 60 MB/s over 500 IOPS is 120 KB, 29.3 pages: within one size step.
  const double knee_pages = fit["knee_bytes"].get<double>() / 4096;
  EXPECT_GT(knee_pages, 16);
  EXPECT_LT(knee_pages, 64);
  // Each size's cap is the one its side of the knee has.
  const auto limits = fit["limits"].get<std::vector<std::string>>();
  ASSERT_EQ(limits.size(), 9u);
  for (std::size_t i = 0; i < limits.size(); ++i) {
    const double pages = static_cast<double>(1u << i);
    EXPECT_EQ(limits[i], pages < knee_pages ? "IOPS cap" : "MB/s cap") << pages << " pages";
  }
}

}  // namespace
}  // namespace simhadr::e2e
