#pragma once
#include <filesystem>
// A primary and a standby of the real binary on one host: their command
// lines, the port the primary listens on, and both reports once they end.
#include <chrono>
#include <string>
#include <vector>

#include "child_process.hpp"
#include "report_parser.hpp"

namespace simhadr::e2e {

inline constexpr auto kRunBound = std::chrono::seconds(30);

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b);

// Both listen or connect on `host`; the primary expects its standby from there too.
std::vector<std::string> primary_args(const std::string& host, const std::string& port);
std::vector<std::string> standby_args(const std::string& host, const std::string& port);

// The port a primary printed it listens on (it was started with -lport 0).
std::string listening_port(const ChildProcess& primary);

struct PairRun {
  int primary_status = -1;
  int standby_status = -1;
  std::string primary_out, standby_out, primary_err, standby_err;
  ParsedReport primary, standby;
};

PairRun finish(ChildProcess& primary, ChildProcess& standby);

PairRun run_pair(const std::vector<std::string>& primary_extra,
                 const std::vector<std::string>& standby_extra = {},
                 const std::string& host = "127.0.0.1");

// Both ended well, and agree that `flushes` flushes of `flush_bytes` crossed,
// and on every byte sent and received either way.
void expect_same_log_on_both_sides(const PairRun& run, std::uint64_t flushes,
                                   std::uint64_t flush_bytes);

// The primary's verdict, as a run on a busy machine may honestly give it:
// `expected` (the start of the Bottleneck line after "Bottleneck: "), unless
// the report shows the run waited for a CPU a quarter of the time or more,
// when "host CPU" is as right. True when the expected verdict was given, so
// that a caller checks its details only then.
bool expect_bottleneck(const std::string& report, const std::string& expected);

// A side that refused ended with one line on stderr, "simhadr: error: ...", naming `needle`.
void expect_one_line_naming(const std::string& err, const std::string& needle);

// Checks a -json file (one document, or one per line) against
// docs/simhadr-result.schema.json with python3-jsonschema; returns how many it held.
std::size_t expect_valid_json(const std::string& path);

// A file of log-like records in the temporary directory, compressible a few
// times as archived log is; the caller removes it.
std::string log_like_records_file(const std::string& name);

// A fresh (removed) file path in SIMHADR_SCRATCH_DIR/dir, the directory made.
std::filesystem::path scratch_file(const std::string& dir, const std::string& name);

// False on machines without an IPv6 loopback (then the IPv6 tests skip).
bool ipv6_loopback_available();

}  // namespace simhadr::e2e
