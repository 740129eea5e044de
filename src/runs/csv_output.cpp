// -csv: a summary row per side, or per size of a disk test, appended.
#include "runs/file_output.hpp"

#include "simhadr/report/csv_report.hpp"

namespace simhadr {

namespace {

class CsvOutput final : public FileOutput {
 public:
  using FileOutput::FileOutput;
  void write(const RunRecord& record) override;
  std::string_view loss() const override { return "the run's CSV rows are lost"; }
};

}  // namespace

void CsvOutput::write(const RunRecord& record) {
  // A run that ended before it measured anything has no row to give.
  if (record.error) return;
  std::vector<std::string> rows;
  for (const RoleOutcome& side : record.sides) {
    if (side.connected()) {
      rows.push_back(csv_row(record.started, config_, side.result, end_name(side)));
    }
  }
  if (const DiskTestOutcome* disk = record.disk) {
    const std::string_view end = disk->failure ? "failed" : "completed";
    const std::string_view kind = disk->access == DiskAccess::Read ? "disk-read" : "disk-write";
    for (const FitRow& row : disk->sizes) {
      const DiskIoResult& r = row.result;
      rows.push_back(csv_row(
          record.started,
          DiskRow{kind, row.pages, to_seconds(r.elapsed), mbytes_per_sec(r.bytes, r.elapsed), r.ios,
                  seconds_per_call(r.io_time, r.ios)},
          end));
    }
  }
  append_csv(path_, rows);
}

std::unique_ptr<FileOutput> make_csv_output(const RunConfig& config, std::string path) {
  return std::make_unique<CsvOutput>(config, std::move(path));
}

}  // namespace simhadr
