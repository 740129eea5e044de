#pragma once
// Disk-test reports: the original's lines for one size, our per-writer lines
// and percentiles, and the fit table with the suggested -disk option.
#include <optional>
#include <ostream>
#include <span>
#include <string>

#include "simhadr/config.hpp"
#include "simhadr/measure/disk_io_result.hpp"
#include "simhadr/models/disk_cap_fit.hpp"

namespace simhadr {

// "Total N writes in ..." through the distribution and its percentiles.
void write_disk_report(std::ostream& out, DiskAccess access, std::uint32_t pages,
                       const DiskIoResult& total);

// One line per writer, when there are several.
void write_writer_line(std::ostream& out, std::size_t number, const std::string& path,
                       const DiskIoResult& result);

// "disk caps: ..." under a -disk model's speed line; nothing without caps.
void write_disk_caps(std::ostream& out, const DiskCaps& caps);

struct FitRow {
  std::uint32_t pages;
  DiskIoResult result;
};

// A row per size with what sets its time under the fit, the caps and the knee
// where there are caps, and the suggested -disk. `planned_sizes`: how many
// sizes the sweep was to write, over which its -t is shared.
void write_fit_table(std::ostream& out, std::span<const FitRow> rows,
                     const std::optional<DiskCapFit>& fitted, std::size_t planned_sizes);

// "line", "IOPS cap", "MB/s cap": what sets a write's time.
std::string_view disk_limit_name(DiskLimit limit);

}  // namespace simhadr
