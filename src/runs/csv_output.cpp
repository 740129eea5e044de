// -csv: a summary row per side, or per size of a disk test, appended.
#include "runs/file_output.hpp"

#include "simhadr/report/csv_report.hpp"

namespace simhadr {

namespace {

class CsvOutput final : public FileOutput {
 public:
  using FileOutput::FileOutput;
  void finished(const RunRecord& record) override;
  std::string_view loss() const override { return "the run's CSV rows are lost"; }
};

std::vector<std::string> disk_test_rows(std::chrono::system_clock::time_point started,
                                        const DiskTestOutcome& disk, const PayloadSpec& payload) {
  const std::string_view end = disk.failure ? "failed" : "completed";
  const std::string_view kind = disk.access == DiskAccess::Read ? "disk-read" : "disk-write";
  std::vector<std::string> rows;
  for (std::size_t i = 0; i < disk.sizes.size(); ++i) {
    const DiskIoResult& r = disk.sizes[i].result;
    DiskRow row;
    row.kind = kind;
    row.pages = disk.sizes[i].pages;
    row.seconds = to_seconds(r.elapsed);
    row.mbytes_per_sec = mbytes_per_sec(r.bytes, r.elapsed);
    row.ios = r.ios;
    row.seconds_per_io = seconds_per_call(r.io_time, r.ios);
    if (disk.access != DiskAccess::Read) row.payload = payload;
    if (disk.fitted && i < disk.fitted->limits.size()) {
      row.fit = disk.fitted->disk;
      row.limit = disk.fitted->limits[i];
    }
    rows.push_back(csv_row(started, row, end));
  }
  return rows;
}

}  // namespace

void CsvOutput::finished(const RunRecord& record) {
  using Rows = std::optional<std::vector<std::string>>;
  const Rows rows = std::visit(
      Overloaded{[&](const SidesRecord& run) -> Rows {
                   std::vector<std::string> sides;
                   for (const RoleOutcome& side : run.sides) {
                     if (side.reportable()) {
                       sides.push_back(
                           csv_row(record.started, config_, side.result, end_name(side)));
                     }
                   }
                   return sides;
                 },
                 [&](const DiskTestRecord& test) -> Rows {
                   return disk_test_rows(record.started, test.outcome, config_.payload);
                 },
                 // -calculate refuses -csv: a calculation has no row of this table's shape.
                 [](const CalculationRecord&) -> Rows { return std::nullopt; },
                 // So does -diagnose: it measured nothing of its own.
                 [](const DiagnosisRecord&) -> Rows { return std::nullopt; },
                 // A run that ended before it measured anything has nothing to add.
                 [](const ErrorRecord&) -> Rows { return std::nullopt; }},
      record.measured);
  if (rows) append_csv(path_, *rows);
}

std::unique_ptr<FileOutput> make_csv_output(const RunConfig& config, std::string path) {
  return std::make_unique<CsvOutput>(config, std::move(path));
}

}  // namespace simhadr
