// SPDX-License-Identifier: MIT
#include "knowledge/kernel_support.h"

#include <algorithm>
#include <cctype>

#include "base/text_parse.h"

namespace rocm_doctor::kernel_support {
namespace {

// "6.2.x" -> {6, 2}, "30.10.1" -> {30, 10, 1}, "6.8.0-45-generic" -> {6, 8, 0}: the leading
// dot-separated numbers (an "x" ends them); empty when the text does not start with a digit.
std::vector<unsigned> Numbers(std::string_view text) {
  std::vector<unsigned> out;
  std::size_t i = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    unsigned value = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      if (value > 99999) return {};
      value = value * 10 + static_cast<unsigned>(text[i] - '0');
      ++i;
    }
    out.push_back(value);
    if (i >= text.size() || text[i] != '.') break;
    ++i;
  }
  return out;
}

bool StartsWithDotted(std::string_view longer, std::string_view prefix) {
  return longer.size() > prefix.size() && longer.substr(0, prefix.size()) == prefix &&
         longer[prefix.size()] == '.';
}

// ROCm up to 6.4 names driver series after user-space releases (6.4.x); from 7.0 the AMD GPU
// Driver has its own numbering (30.10). Series of different numberings are not ordered.
bool SameNumbering(const std::vector<unsigned>& a, const std::vector<unsigned>& b) {
  return !a.empty() && !b.empty() && (a[0] >= 20) == (b[0] >= 20);
}

}  // namespace

std::string PreciseVersion(const OsIdentity& os) {
  std::string_view version = parse::Trim(os.version);
  std::size_t end = 0;
  while (end < version.size() &&
         (std::isdigit(static_cast<unsigned char>(version[end])) || version[end] == '.')) {
    ++end;
  }
  std::string_view point = version.substr(0, end);
  while (!point.empty() && point.back() == '.') point.remove_suffix(1);
  if (StartsWithDotted(point, os.version_id)) return std::string(point);
  return os.version_id;
}

std::string NormalizeDistroVersion(std::string_view version) {
  std::string out(parse::Trim(version));
  if (std::size_t sp = out.find(" SP"); sp != std::string::npos) {
    out = out.substr(0, sp) + "." + out.substr(sp + 3);
  }
  return out;
}

bool VersionMatches(std::string_view row_version, const OsIdentity& os) {
  const std::string row = NormalizeDistroVersion(row_version);
  const std::string host = PreciseVersion(os);
  if (row.empty() || host.empty()) return false;
  if (row == host || StartsWithDotted(host, row)) return true;
  // The host says no more than VERSION_ID: a more precise row is the best it can match.
  return host == os.version_id && StartsWithDotted(row, host);
}

std::string KernelSeries(std::string_view kernel) {
  std::vector<unsigned> n = Numbers(parse::Trim(kernel));
  if (n.size() < 2) return "";
  return std::to_string(n[0]) + "." + std::to_string(n[1]);
}

std::optional<int> CompareSeries(std::string_view a, std::string_view b) {
  std::vector<unsigned> x = Numbers(a);
  std::vector<unsigned> y = Numbers(b);
  if (x.size() < 2 || y.size() < 2) return std::nullopt;
  std::pair<unsigned, unsigned> l{x[0], x[1]};
  std::pair<unsigned, unsigned> r{y[0], y[1]};
  return l < r ? -1 : (l == r ? 0 : 1);
}

OsMatch MatchOs(const std::vector<const KernelRow*>& rows, const OsIdentity& os,
                std::string_view kernel_release) {
  OsMatch match;
  const std::string series = KernelSeries(kernel_release);
  for (const KernelRow* row : rows) {
    if (row->kind != "os") continue;
    match.release_rows.push_back(row);
    if (row->name != os.id) continue;
    match.distro_rows.push_back(row);
    if (!VersionMatches(row->version, os)) continue;
    match.version_rows.push_back(row);
    if (!series.empty() && KernelSeries(row->kernel) == series) match.kernel_rows.push_back(row);
  }
  return match;
}

std::vector<std::string> Distinct(const std::vector<const KernelRow*>& rows,
                                  std::string KernelRow::*column) {
  std::vector<std::string> out;
  for (const KernelRow* row : rows) {
    const std::string& value = row->*column;
    if (!value.empty() && std::find(out.begin(), out.end(), value) == out.end()) {
      out.push_back(value);
    }
  }
  return out;
}

std::string KernelText(const KernelRow& row) {
  return row.kernel_flavor.empty() ? row.kernel : row.kernel + " " + row.kernel_flavor;
}

DriverSeriesResult SeriesOfDriver(const SupportMatrix& matrix, std::string_view module_version) {
  const std::string wanted(parse::Trim(module_version));
  DriverSeriesResult result;
  std::vector<std::string> compat_names;
  const KernelRow* shipped = nullptr;
  for (const KernelRow* row : matrix.KernelRowsOfKind("kmd_compat")) {
    compat_names.push_back(row->version);
  }
  for (const KernelRow* row : matrix.KernelRowsOfKind("amdgpu_driver")) {
    if (row->version == wanted) {
      shipped = row;
      break;
    }
  }
  if (shipped == nullptr) {
    result.why_not = "no ROCm release in the support data is recorded as shipping amdgpu " + wanted;
    return result;
  }
  std::vector<unsigned> release = Numbers(shipped->release);
  if (release.size() >= 2 && release[0] <= 6) {
    result.series =
        DriverSeries{std::to_string(release[0]) + "." + std::to_string(release[1]) + ".x", shipped};
    return result;
  }
  if (std::find(compat_names.begin(), compat_names.end(), shipped->version) != compat_names.end()) {
    result.series = DriverSeries{shipped->version, shipped};
    return result;
  }
  result.why_not = "amdgpu " + wanted + " shipped with ROCm " + shipped->release +
                   ", whose driver series the support data names only by AMD GPU Driver "
                   "version (30.x), and not this module's";
  return result;
}

std::vector<const KernelRow*> CompatRows(const std::vector<const KernelRow*>& rows) {
  std::vector<const KernelRow*> out;
  for (const KernelRow* row : rows) {
    if (row->kind == "kmd_compat") out.push_back(row);
  }
  return out;
}

SeriesPosition PlaceSeries(std::string_view series, const std::vector<const KernelRow*>& compat) {
  const std::vector<unsigned> mine = Numbers(series);
  bool any_lower = false;
  bool any_higher = false;
  for (const KernelRow* row : compat) {
    if (row->version == series) return SeriesPosition::kListed;
    const std::vector<unsigned> theirs = Numbers(row->version);
    if (!SameNumbering(mine, theirs)) continue;
    if (std::lexicographical_compare(theirs.begin(), theirs.end(), mine.begin(), mine.end())) {
      any_lower = true;
    } else {
      any_higher = true;
    }
  }
  if (any_higher && !any_lower) return SeriesPosition::kOlder;
  if (any_lower && !any_higher) return SeriesPosition::kNewer;
  return SeriesPosition::kUnlisted;
}

}  // namespace rocm_doctor::kernel_support
