// SPDX-License-Identifier: MIT
#include "fleet/report_files.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "fleet/fleet_reporters.h"

namespace rocm_doctor::fleet {
namespace {

// A temporary directory of report files, removed at the end.
class ReportDir {
 public:
  ReportDir() {
    char name[] = "/tmp/rocmdoc-fleet-test-XXXXXX";
    path_ = ::mkdtemp(name);
  }
  ~ReportDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  void Write(const std::string& relative, const std::string& text) const {
    const std::filesystem::path full = std::filesystem::path(path_) / relative;
    std::filesystem::create_directories(full.parent_path());
    std::ofstream(full) << text;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string Report(const std::string& host, const std::string& verdict, double triad) {
  nlohmann::json j = {{"schema_version", 1},
                      {"tool", {{"name", "rocm-doctor"}, {"version", "0.1.0"}}},
                      {"verdict", verdict},
                      {"started_at", "2026-12-01T10:00:00Z"},
                      {"host", {{"hostname", host}}},
                      {"gpus", {{{"pci", "0000:c1:00.0"}, {"name", "AMD Instinct MI300X"}}}},
                      {"benchmarks",
                       {{{"name", "memory.triad"},
                         {"unit", "B/s"},
                         {"status", "ok"},
                         {"median", triad},
                         {"pci", "0000:c1:00.0"}}}}};
  return j.dump(2);
}

FleetSummary Summarize(const std::vector<std::string>& paths, unsigned threads) {
  FleetBuilder builder;
  ReadReports(ExpandReportPaths(paths), builder, threads);
  return std::move(builder).Finish();
}

std::string AsJson(const FleetSummary& s) {
  std::ostringstream out;
  WriteFleetJson(s, out);
  return out.str();
}

TEST(ReadReports, DirectoriesRecursivelyBadFilesSkippedSameResultOnAnyThreadCount) {
  ReportDir dir;
  for (int i = 0; i < 40; ++i) {
    dir.Write("rack" + std::to_string(i % 3) + "/n" + std::to_string(i) + ".json",
              Report("n" + std::to_string(i), i % 5 == 0 ? "fail" : "pass", 4e12 + i * 1e9));
  }
  dir.Write("rack0/truncated.json", Report("t", "pass", 1).substr(0, 50));
  dir.Write("rack1/empty.json", "");
  dir.Write("rack1/notes.txt", "not a report, not *.json: not read");
  ::mkdir((dir.path() + "/rack2/unreadable.json").c_str(), 0755);       // a directory named *.json
  ::symlink(dir.path().c_str(), (dir.path() + "/rack2/loop").c_str());  // not followed

  FleetSummary one = Summarize({dir.path(), dir.path() + "/missing.json"}, 1);
  EXPECT_EQ(one.nodes.size(), 40u);
  EXPECT_EQ(one.files_read, 40u);
  ASSERT_EQ(one.skipped.size(), 3u);
  EXPECT_NE(one.skipped[0].path.find("missing.json"), std::string::npos);
  EXPECT_EQ(one.skipped[0].reason, "No such file or directory");
  for (const SkippedFile& f : one.skipped) EXPECT_FALSE(f.reason.empty()) << f.path;
  ASSERT_EQ(one.figures.size(), 1u);
  EXPECT_EQ(one.figures[0].count, 40u);

  FleetSummary three = Summarize({dir.path(), dir.path() + "/missing.json"}, 3);
  EXPECT_EQ(AsJson(one), AsJson(three));
}

TEST(ReadReports, AFileNamedExplicitlyIsReadWhateverItsName) {
  ReportDir dir;
  dir.Write("report.out", Report("gpu-1", "pass", 4e12));
  FleetSummary s = Summarize({dir.path() + "/report.out"}, 0);
  ASSERT_EQ(s.nodes.size(), 1u);
  EXPECT_EQ(s.nodes[0].node, "gpu-1");
  EXPECT_EQ(s.nodes[0].source, dir.path() + "/report.out");
}

}  // namespace
}  // namespace rocm_doctor::fleet
