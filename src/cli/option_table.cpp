#include "cli/option_table.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <array>
#include <stdexcept>
#include <utility>

#include "cli/arg_normalizer.hpp"

namespace simhadr {

namespace {

using enum ValueShape;
using enum HelpSection;
constexpr Applies kAny = Applies::Any;
constexpr Applies kPrimary = Applies::PrimaryOnly;
constexpr Applies kStandby = Applies::StandbyOnly;

// In the order -h shows them, section by section.
constexpr std::array kOptions{
    OptionSpec{"demo", Flag, kAny, Usage, "", ""},
    OptionSpec{"model", Flag, kAny, Usage, "", ""},
    OptionSpec{"testSleep", One, kAny, Usage, "", ""},

    OptionSpec{"role", One, kAny, Connection, "-role primary|standby",
               "which side to play (P and S also work)"},
    OptionSpec{"lhost", One, kAny, Connection, "-lhost H -lport N",
               "this side's address; the primary listens here\n"
               "(-lport 0 on the primary: the kernel picks, and it is printed)"},
    OptionSpec{"lport", One, kAny, Connection, "", ""},
    OptionSpec{"rhost", One, kAny, Connection, "-rhost H -rport N",
               "the other side's address; the standby connects there;\n"
               "a primary takes up to three standbys as comma lists,\n"
               "the principal first, then auxiliaries (SUPERASYNC)"},
    OptionSpec{"rport", One, kAny, Connection, "", ""},
    OptionSpec{"sockSndBuf", One, kAny, Connection, "-sockSndBuf BYTES",
               "SO_SNDBUF for the connection      (default: the OS's)"},
    OptionSpec{"sockRcvBuf", One, kAny, Connection, "-sockRcvBuf BYTES",
               "SO_RCVBUF for the connection      (default: the OS's)"},
    OptionSpec{"nagle", Flag, kAny, Connection, "-nagle",
               "keep Nagle's algorithm on         (default: TCP_NODELAY)"},
    OptionSpec{"block", Flag, kAny, Connection, "-block",
               "blocking send/recv                (default: non-blocking)"},
    OptionSpec{"bind", Flag, kAny, Connection, "-bind",
               "standby binds to -lhost/-lport before connecting"},
    OptionSpec{"anyHost", Flag, kPrimary, Connection, "-anyHost",
               "primary accepts a standby from any address\n"
               "(default: only from an address -rhost resolves to)",
               false, "applies to the primary, which decides whom to accept; ignored"},
    OptionSpec{"connectTimeout", One, kAny, Connection, "-connectTimeout SECONDS",
               "give up when the other side has not connected by then\n"
               "(default 120; 0 waits without end)"},
    OptionSpec{"stallTimeout", One, kAny, Connection, "-stallTimeout SECONDS",
               "fail the run when nothing moves either way for this long\n"
               "(default 60; 0 waits without end; keep it above the\n"
               "longest simulated write and the gaps -target leaves)"},

    OptionSpec{"syncMode", One, kPrimary, Shipping, "-syncMode MODE",
               "SYNC, NEARSYNC, ASYNC or SUPERASYNC   (default NEARSYNC)"},
    OptionSpec{"rcu", Flag, kPrimary, Shipping, "-rcu",
               "remote catch-up: ships as SUPERASYNC does"},
    OptionSpec{"flushSize", One, kPrimary, Shipping, "-flushSize PAGES",
               "4096-byte pages per log flush          (default 16)"},
    OptionSpec{"t", One, kPrimary, Shipping, "-t SECONDS",
               "stop after this long                   (default 4, unless -n)"},
    OptionSpec{"n", One, kPrimary, Shipping, "-n FLUSHES", "stop after this many flushes"},
    OptionSpec{"target", One, kPrimary, Shipping, "-target MB/S",
               "hold the primary to this rate (MB = 10^6 bytes)"},
    OptionSpec{"standbySockSndBuf", One, kPrimary, Shipping,
               "-standbySockSndBuf BYTES, -standbySockRcvBuf BYTES, -standbyHadrBufSize PAGES",
               "ask a standby of this simhadr to use these for the run\n"
               "(it reconnects once for socket buffer sizes)"},
    OptionSpec{"standbySockRcvBuf", One, kPrimary, Shipping, "", ""},
    OptionSpec{"standbyHadrBufSize", One, kPrimary, Shipping, "", ""},
    OptionSpec{"flushSizes", One, kPrimary, Shipping, "-flushSizes FILE",
               "flush sizes from a file: one size in pages per line\n"
               "(shipped in turn), \"pages count\" lines (a histogram),\n"
               "or db2flushsize or db2logscan -infoLevel flush output",
               true},
    OptionSpec{"logRate", One, kPrimary, Shipping, "-logRate MB/S -logBufSize PAGES",
               "a workload writing MB/S of log into a log buffer of\n"
               "PAGES; each flush takes what gathered meanwhile"},
    OptionSpec{"logBufSize", One, kPrimary, Shipping, "", ""},
    OptionSpec{"workload", One, kPrimary, Shipping, "-workload FILE -workloadSpeed N",
               "replay db2logscan's intervals in turn, each N times\n"
               "shorter (default 1), through the -logRate logger; the\n"
               "report says which intervals the pair could not sustain\n"
               "(-logBufSize default 256; -t default: the whole file)"},
    OptionSpec{"workloadSpeed", One, kPrimary, Shipping, "", ""},

    OptionSpec{"netDelay", One, kPrimary, Models, "-netDelay SECONDS",
               "one-way network delay added to every message\n"
               "(-model: a comma list gives each -rhost standby its own)"},
    OptionSpec{"netRate", One, kPrimary, Models, "-netRate MB/S",
               "the link's rate on the wire (100 Mbit/s is 12.5); the\n"
               "log gets 94.1% of it, the rest is Ethernet, IP and TCP\n"
               "framing; the smallest socket buffer size given is the\n"
               "window (default: 6291456 bytes)\n"
               "(both applied by the primary, in both directions;\n"
               "-model: a comma list gives each -rhost standby its own)"},
    OptionSpec{"uplinkRate", One, kPrimary, Models, "-uplinkRate MB/S",
               "-model: the primary's own link, which every standby's\n"
               "stream crosses before its own (shared, piece by piece)"},
    OptionSpec{"netOutage", One, kPrimary, Models, "-netOutage SECONDS -netOutageEvery S",
               "-model: the link carries nothing for SECONDS, first at S\n"
               "seconds into the run and then every S seconds (without\n"
               "-netOutageEvery: once, in the middle of the run)"},
    OptionSpec{"netOutageEvery", One, kPrimary, Models, "", ""},
    OptionSpec{"hadrTimeout", One, kAny, Models, "-hadrTimeout SECONDS",
               "Db2's HADR_TIMEOUT (default 120): a stall or outage\n"
               "longer than this is reported as the pair leaving peer state"},
    OptionSpec{"replay", OneOrTwo, kStandby, Models, "-replay MB/S [SECONDS]",
               "standby replay speed and overhead per flush; a flush\n"
               "leaves the receive buffer only once replayed"},

    OptionSpec{"hadrBufSize", One, kStandby, Standby, "-hadrBufSize PAGES",
               "receive buffer                          (default 4 x flushSize)"},
    OptionSpec{"spoolLimit", One, kStandby, Standby, "-spoolLimit PAGES",
               "spool up to PAGES to disk when replay keeps the receive\n"
               "buffer full (0, the default: none; -1 or unlimited)"},
    OptionSpec{"loop", Flag, kAny, Standby, "-loop",
               "serve one primary run after another until Ctrl-C"},

    OptionSpec{"disk", Two, kAny, DisksAndTiming, "-disk MB/S SECONDS",
               "simulated log disk: rate and overhead per IO\n"
               "(default: infinitely fast)"},
    OptionSpec{"spin", One, kAny, DisksAndTiming, "-spin SECONDS",
               "busy-wait this long at the end of each simulated IO\n"
               "(default: follows this host's measured wake-ups)"},
    OptionSpec{"verbose", Flag, kAny, DisksAndTiming, "-verbose",
               "one line per write, send, recv, ack and congestion"},

    OptionSpec{"testDisk", One, kAny, DiskTests, "-testDisk DIR",
               "write DIR/simhadr.tmp (removed afterwards); without\n"
               "-flushSize, try 1 to 256 pages and fit -disk to them"},
    OptionSpec{"write", One, kAny, DiskTests, "-write FILE",
               "synchronous writes to FILE (created or truncated)"},
    OptionSpec{"read", One, kAny, DiskTests, "-read FILE", "reads of FILE until its end, -n or -t"},
    OptionSpec{"cache", Flag, kAny, DiskTests, "-cache",
               "go through the page cache     (default: direct IO)"},
    OptionSpec{"preallocate", Flag, kAny, DiskTests, "-preallocate",
               "lay the file out first and write into it, as Db2\n"
               "does with its formatted log files (default: append)"},
    OptionSpec{"threads", One, kAny, DiskTests, "-threads N",
               "N writers at once, each on its own file; with -calculate,\n"
               "N intervals worked out at once (default: every CPU this\n"
               "process may run on; the output is the same for any N)"},

    OptionSpec{"calculate", Many, kAny, Planning, "-calculate FILE...",
               "annotate db2logscan output (- : stdin) with the rate each\n"
               "sync mode would give, as IBM's HADR calculator does; needs\n"
               "-network and -disk, in its MB/s (2^20 bytes); -syncMode\n"
               "takes a list (default SYNC,NEARSYNC,ASYNC); with -model,\n"
               "a simulated pair per interval and mode adds the TCP window\n"
               "(-sockSndBuf, -sockRcvBuf) and the log buffer (-logBufSize,\n"
               "default 256)"},
    OptionSpec{"network", Two, kAny, Planning, "-network MB/S SECONDS",
               "the link for -calculate: rate and round trip"},

    OptionSpec{"json", One, kAny, Results, "-json FILE",
               "one JSON document per run (- : stdout, report to stderr)"},
    OptionSpec{"csv", One, kAny, Results, "-csv FILE",
               "append one summary row per run, header when new"},
    OptionSpec{"interval", One, kAny, Results, "-interval SECONDS",
               "a line every SECONDS: MB/s, flushes, shipping, congestion\n"
               "(and on the standby, how full its receive buffer was)"},

    OptionSpec{"help", Flag, kAny, Other, "-h, -help", "this text"},
    OptionSpec{"h", Flag, kAny, Other, "", ""},
    OptionSpec{"version", Flag, kAny, Other, "-version", "version"},
};

std::pair<std::size_t, std::size_t> expected_values(ValueShape shape) {
  switch (shape) {
    case ValueShape::Flag:
      return {0, 0};
    case ValueShape::One:
      return {1, 1};
    case ValueShape::Two:
      return {2, 2};
    case ValueShape::OneOrTwo:
      return {1, 2};
    case ValueShape::Many:
      return {1, 1 << 20};
  }
  return {1, 1};
}

}  // namespace

void check_defined_options(const CLI::App& app) {
  std::size_t defined = 0;
  for (const OptionSpec& spec : kOptions) {
    const CLI::Option* option = app.get_option_no_throw(parser_token(spec.name));
    if (option == nullptr) {
      throw std::logic_error(fmt::format("-{} is in the option table but not defined", spec.name));
    }
    const auto [least, most] = expected_values(spec.values);
    if (static_cast<std::size_t>(option->get_items_expected_min()) != least ||
        static_cast<std::size_t>(option->get_items_expected_max()) != most) {
      throw std::logic_error(fmt::format("-{} takes other values than the table says", spec.name));
    }
    defined += spec.name == "h" ? 0 : 1;  // -h and -help are one option
  }
  if (app.get_options().size() != defined) {
    throw std::logic_error("an option is defined that the option table lacks");
  }
}

std::span<const OptionSpec> option_specs() {
  return kOptions;
}

std::vector<std::string_view> option_names() {
  std::vector<std::string_view> names;
  for (const OptionSpec& option : kOptions) names.push_back(option.name);
  return names;
}

}  // namespace simhadr
