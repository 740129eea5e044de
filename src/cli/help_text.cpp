#include "cli/help_text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <string>
#include <vector>

#include "cli/option_table.hpp"
#include "simhadr/config.hpp"

namespace simhadr {

namespace {

constexpr std::string_view kIntroduction =
    R"(simhadr - preview Db2 HADR log shipping between two hosts before turning HADR on.

Run a primary on the host that will hold the primary database and a standby on
the other; the primary ships simulated log flushes for a while, both print what
they measured. Option names take one or two dashes, any case, any unique prefix.

Usage:
  simhadr -role primary -lhost H -lport N -rhost H -rport N [options]
  simhadr -role standby -lhost H -lport N -rhost H -rport N [options]
  simhadr -demo [options]          both roles in this process on 127.0.0.1
  simhadr -model [options]         both roles in virtual time: no sockets, no
                                   waiting; a 60 s run takes milliseconds
  simhadr -testDisk DIR            measure a log disk and suggest the -disk option
  simhadr -write FILE | -read FILE measure synchronous writes or reads of one size
  simhadr -testSleep SECONDS       how exactly this host sleeps: 10 sleeps of SECONDS;
                                   with -disk, also the IO lengths that model asks for
  simhadr -calculate FILE -network MB/S SECONDS -disk MB/S SECONDS
                                   what each sync mode gives a db2logscan workload
  simhadr -diagnose FILE...        what limits a running pair, from its db2pd -hadr
                                   or MON_GET_HADR samples, and the run to confirm it
)";

struct SectionText {
  HelpSection section;
  std::string_view title;
  std::string_view after;  // lines that close the section
};

constexpr std::array<SectionText, 11> kSections{{
    {HelpSection::Connection, "Connection (either side may start first):", ""},
    {HelpSection::Encryption, "Encryption, as HADR_SSL_LABEL turns on (docs/tls.md):",
     "Any -tls option turns TLS on; both sides need it. Db2's SSL_CIPHERSPECS names\n"
     "work in -tlsCiphers: TLS_AES_256_GCM_SHA384 and TLS_AES_128_GCM_SHA256 (TLS 1.3),\n"
     "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 and TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384\n"
     "(TLS 1.2); so do OpenSSL's (ECDHE-RSA-AES256-GCM-SHA384).\n"},
    {HelpSection::Shipping,
     "What the primary ships (the standby learns these from the handshake):", ""},
    {HelpSection::Models, "What-if models (docs/models.md):", ""},
    {HelpSection::Standby, "Standby:", ""},
    {HelpSection::DisksAndTiming, "Disks and timing (both sides):", ""},
    {HelpSection::DiskTests,
     "Disk tests (real IO, no network; -flushSize, -n, -t and -verbose apply):", ""},
    {HelpSection::Planning, "Planning from the database's own log (docs/models.md):", ""},
    {HelpSection::Diagnosing, "When HADR is already on (docs/diagnose.md):", ""},
    {HelpSection::Results, "Results (besides the text report):",
     "Every shipping report ends with a \"Bottleneck:\" paragraph: the limiting\n"
     "resource, the numbers that show it, and what each sync mode would give.\n"},
    {HelpSection::Other, "Other:", ""},
}};

constexpr std::string_view kExitStatus =
    R"(Exit status: 0 the run ended normally (also after Ctrl-C on either side),
1 the run failed (connection lost, peer misbehaved), 2 the command line was refused.
)";

// The help column starts here; a longer synopsis puts the help on the next line.
constexpr std::size_t kHelpColumn = 27;

// The row's help with its {name} fields replaced by the configuration's defaults.
std::string with_defaults(std::string_view help) {
  std::vector<std::string_view> calculate_modes;
  for (const SyncMode mode : kDefaultCalculateModes) calculate_modes.push_back(to_string(mode));
  return fmt::format(fmt::runtime(help), fmt::arg("sync_mode", to_string(kDefaultSyncMode)),
                     fmt::arg("flush_pages", kDefaultFlushPages),
                     fmt::arg("run_seconds", kDefaultRunSeconds),
                     fmt::arg("connect_timeout", kDefaultConnectTimeoutSeconds),
                     fmt::arg("stall_timeout", kDefaultStallTimeoutSeconds),
                     fmt::arg("hadr_timeout", kDefaultHadrTimeoutSeconds),
                     fmt::arg("buffer_flushes", kDefaultBufferFlushes),
                     fmt::arg("window_bytes", kAutotunedWindowBytes),
                     fmt::arg("workload_speed", WorkloadReplay{}.speed),
                     fmt::arg("log_buffer_pages", kDefaultLogBufferPages),
                     fmt::arg("calculate_modes", fmt::join(calculate_modes, ",")));
}

void append_option(std::string& text, const OptionSpec& option) {
  if (option.gap_before) text += '\n';
  std::string line = fmt::format("  {}", option.synopsis);
  const std::string filled = with_defaults(option.help);
  std::string_view help = filled;
  if (line.size() + 2 > kHelpColumn) {
    text += line + '\n';
    line.clear();
  }
  for (bool first = true; first || !help.empty(); first = false) {
    const std::size_t end = help.find('\n');
    line.resize(kHelpColumn, ' ');
    text += line + std::string(help.substr(0, end)) + '\n';
    line.clear();
    help = end == std::string_view::npos ? std::string_view() : help.substr(end + 1);
  }
}

std::string build_help() {
  std::string text(kIntroduction);
  for (const SectionText& section : kSections) {
    text += fmt::format("\n{}\n", section.title);
    for (const OptionSpec& option : option_specs()) {
      if (option.section == section.section && !option.synopsis.empty()) {
        append_option(text, option);
      }
    }
    text += section.after;
  }
  return text + '\n' + std::string(kExitStatus);
}

}  // namespace

std::string_view help_text() {
  static const std::string text = build_help();
  return text;
}

std::string version_text() {
  return fmt::format(
      "simhadr {} (open HADR log-shipping simulator; wire-compatible with simhadr 2.1)",
      SIMHADR_VERSION);
}

}  // namespace simhadr
