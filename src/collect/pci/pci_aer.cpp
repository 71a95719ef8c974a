// SPDX-License-Identifier: MIT
// drivers/pci/pcie/aer.c prints each aer_dev_* file as "%s %llu\n" per error bit it names
// (correctable: RxErr, BadTLP, BadDLLP, Rollover, Timeout, NonFatalErr, CorrIntErr, HeaderOF;
// uncorrectable: Undefined, DLP, SDES, TLP, FCP, CmpltTO, ..., the list grows with kernels),
// then "TOTAL_ERR_COR %llu" / "TOTAL_ERR_FATAL %llu" / "TOTAL_ERR_NONFATAL %llu".
#include "collect/pci/pci_aer.h"

#include <charconv>

#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"

namespace rocm_doctor::pci_aer {
namespace {

constexpr std::size_t kMaxNames = 64;  // bounds a hostile file; aer.c names about 30 bits

AerCounts ReadOne(const SystemView& view, const std::string& dir, std::string_view file,
                  std::string_view total_name) {
  const std::string path = JoinPath(dir, file);
  FileContent content = view.ReadFile(path, kAttributeLimit);
  AerCounts out;
  if (content.status == FsStatus::kNotFound) {
    out.total = Fact<std::uint64_t>::Unknown(path, std::string(kNotReported) + ": no " +
                                                       std::string(file));
    return out;
  }
  if (!content.ok()) {
    out.total = Fact<std::uint64_t>::Unknown(
        path, std::string(ToString(content.status)) +
                  (content.error.empty() ? "" : ": " + content.error));
    return out;
  }
  return ParseAerFile(content.data, total_name, path);
}

}  // namespace

AerCounts ParseAerFile(std::string_view text, std::string_view total_name,
                       const std::string& source) {
  AerCounts out;
  std::optional<std::uint64_t> total;
  std::string bad;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = parse::Trim(text.substr(at, end - at));
    at = end + 1;
    if (line.empty()) continue;
    std::size_t space = line.rfind(' ');
    std::string_view name = space == std::string_view::npos ? line : parse::Trim(line.substr(0, space));
    std::string_view number = space == std::string_view::npos ? "" : line.substr(space + 1);
    std::uint64_t value = 0;
    auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (name.empty() || ec != std::errc() || ptr != number.data() + number.size()) {
      if (bad.empty()) bad = parse::Printable(line, 60);
      continue;
    }
    if (name == total_name) {
      total = value;
    } else if (value > 0 && out.by_name.size() < kMaxNames) {
      out.by_name.emplace_back(std::string(name), value);
    }
  }
  if (!bad.empty()) {
    out.total = Fact<std::uint64_t>::Unknown(source, "malformed line '" + bad + "'");
  } else if (!total) {
    out.total = Fact<std::uint64_t>::Unknown(source, "no " + std::string(total_name) + " line");
  } else {
    out.total = Fact<std::uint64_t>::Known(*total, source);
  }
  return out;
}

void ReadAer(const SystemView& view, PciDevice& dev) {
  dev.aer.correctable = ReadOne(view, dev.sysfs_path, "aer_dev_correctable", "TOTAL_ERR_COR");
  dev.aer.nonfatal = ReadOne(view, dev.sysfs_path, "aer_dev_nonfatal", "TOTAL_ERR_NONFATAL");
  dev.aer.fatal = ReadOne(view, dev.sysfs_path, "aer_dev_fatal", "TOTAL_ERR_FATAL");
}

}  // namespace rocm_doctor::pci_aer
