// SPDX-License-Identifier: MIT
#include "fleet/report_files.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <optional>
#include <thread>

#include "system/config_file.h"

namespace rocm_doctor::fleet {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxDirectoryDepth = 32;

bool EndsWithJson(const std::string& name) {
  return name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0;
}

void Walk(const fs::path& dir, int depth, ReportPaths& out) {
  if (depth > kMaxDirectoryDepth) {
    out.problems.push_back({dir.string(), "directories nested deeper than 32 levels"});
    return;
  }
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    out.problems.push_back({dir.string(), ec.message()});
    return;
  }
  std::vector<std::string> files;
  std::vector<fs::path> subdirs;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) {
      out.problems.push_back({dir.string(), ec.message()});
      break;
    }
    std::error_code type_ec;
    const fs::file_status link = it->symlink_status(type_ec);
    if (type_ec) continue;
    if (fs::is_directory(link)) {
      subdirs.push_back(it->path());
    } else if (EndsWithJson(it->path().filename().string()) &&
               (fs::is_regular_file(link) || fs::is_symlink(link))) {
      files.push_back(it->path().string());
    }
  }
  std::sort(files.begin(), files.end());
  std::sort(subdirs.begin(), subdirs.end());
  out.files.insert(out.files.end(), files.begin(), files.end());
  for (const fs::path& sub : subdirs) Walk(sub, depth + 1, out);
}

// "node-17" for "reports/node-17.json".
std::string NodeFromFileName(const std::string& path) {
  std::string name = fs::path(path).filename().string();
  if (EndsWithJson(name)) name.resize(name.size() - 5);
  return name;
}

// Reads a regular file of at most kMaxReportBytes into `buffer` through the one reader of
// user-named files (src/system/config_file.h: non-blocking open, regular files only, bounded);
// returns the error text, or "" when it was read.
std::string ReadWhole(const std::string& path, std::string& buffer) {
  return system::ReadUserFileInto(path, kMaxReportBytes, buffer);
}

}  // namespace

std::string ReadReportFile(const std::string& path, std::string& buffer) {
  return ReadWhole(path, buffer);
}

ReportPaths ExpandReportPaths(const std::vector<std::string>& paths) {
  ReportPaths out;
  for (const std::string& p : paths) {
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      out.problems.push_back({p, ec ? ec.message() : "No such file or directory"});
    } else if (fs::is_directory(st)) {
      Walk(p, 0, out);
    } else {
      out.files.push_back(p);
    }
  }
  return out;
}

void ReadReports(const ReportPaths& paths, FleetBuilder& builder, unsigned threads) {
  for (const SkippedFile& problem : paths.problems) builder.Skip(problem.path, problem.reason);
  const std::size_t count = paths.files.size();
  if (threads == 0) threads = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, count)));

  // Each worker takes the next file, reads it into its own buffer and keeps only the parsed
  // NodeReport (or the reason it was skipped) in that file's slot; the slots are then handed to
  // the builder in file order, so the summary is the same whatever the thread count.
  std::vector<std::optional<Result<NodeReport>>> slots(count);
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    std::string buffer;
    for (std::size_t i = next++; i < count; i = next++) {
      const std::string& path = paths.files[i];
      std::string error = ReadWhole(path, buffer);
      if (!error.empty()) {
        slots[i].emplace(Error{std::move(error)});
        continue;
      }
      slots[i].emplace(ReadNodeReport(buffer, NodeFromFileName(path)));
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();

  for (std::size_t i = 0; i < count; ++i) {
    Result<NodeReport>& report = *slots[i];
    if (!report) {
      builder.Skip(paths.files[i], report.error());
      continue;
    }
    report.value().source = paths.files[i];
    builder.Add(std::move(report).value());
  }
}

}  // namespace rocm_doctor::fleet
