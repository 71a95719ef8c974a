// SPDX-License-Identifier: MIT
#include "collect/tools/dpkg_parse.h"

#include "base/text_parse.h"

namespace rocm_doctor::dpkg {
namespace {

// deb-control(5) field values may be followed by spaces; continuation lines start with a space.
std::string_view Value(std::string_view line, std::string_view field) {
  return parse::Trim(line.substr(field.size()));
}

bool Installed(std::string_view status_value) {
  // "want flag status": the third word is the state.
  std::vector<std::string_view> words = parse::SplitWhitespace(status_value);
  return words.size() == 3 && words[2] == "installed";
}

// The first stanza of `status` (stanzas end at a blank line) whose "Package:" names `package`
// and that is installed with a Version, read line by line.
std::optional<std::string> ScanStanzas(std::string_view status, std::string_view package) {
  bool in_package = false;
  bool installed = false;
  std::string version;
  const auto done = [&] { return in_package && installed && !version.empty(); };
  for (std::string_view line : parse::Lines(status)) {
    if (parse::Trim(line).empty()) {
      if (done()) return version;
      in_package = installed = false;
      version.clear();
      continue;
    }
    if (parse::StartsWith(line, "Package:")) {
      in_package = Value(line, "Package:") == package;
    } else if (parse::StartsWith(line, "Status:")) {
      installed = Installed(Value(line, "Status:"));
    } else if (parse::StartsWith(line, "Version:")) {
      version = std::string(Value(line, "Version:"));
    }
  }
  if (done()) return version;
  return std::nullopt;
}

// The line of `text` that holds position `at`: [begin, end) without its '\n'.
std::pair<std::size_t, std::size_t> LineAround(std::string_view text, std::size_t at) {
  const std::size_t nl_before = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
  const std::size_t begin = nl_before == std::string_view::npos ? 0 : nl_before + 1;
  const std::size_t nl = text.find('\n', at);
  return {begin, nl == std::string_view::npos ? text.size() : nl};
}

bool Blank(std::string_view text, std::pair<std::size_t, std::size_t> line) {
  return parse::Trim(text.substr(line.first, line.second - line.first)).empty();
}

}  // namespace

std::optional<std::string> InstalledVersion(std::string_view status, std::string_view package) {
  // A desktop's status file is about 1 MB (25,000 lines) and a run asks for some twenty
  // packages. Only a stanza whose "Package:" line names `package` can answer, and that line
  // holds the name: jump from one occurrence of the name to the next and read only the stanza
  // around it, exactly as the line-by-line scan reads it, in file order.
  if (package.empty() || parse::Trim(package).size() != package.size()) {
    return ScanStanzas(status, package);
  }
  for (std::size_t at = status.find(package); at != std::string_view::npos;) {
    const auto line = LineAround(status, at);
    // The stanza: back to the line after a blank one, on to the next blank one.
    std::size_t begin = line.first;
    while (begin > 0) {
      const auto previous = LineAround(status, begin - 1);
      if (Blank(status, previous)) break;
      begin = previous.first;
    }
    std::size_t end = line.second;
    while (end < status.size()) {
      const auto next = LineAround(status, end + 1);
      if (Blank(status, next) || next.first >= status.size()) break;
      end = next.second;
    }
    if (auto version = ScanStanzas(status.substr(begin, end - begin), package)) return version;
    at = end >= status.size() ? std::string_view::npos : status.find(package, end + 1);
  }
  return std::nullopt;
}

bool ListsPath(std::string_view list, std::string_view path) {
  for (std::string_view line : parse::Lines(list)) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line == path) return true;
  }
  return false;
}

std::string_view Architecture(std::string_view uname_machine) {
  if (uname_machine == "x86_64") return "amd64";
  if (uname_machine == "aarch64") return "arm64";
  if (uname_machine == "ppc64le") return "ppc64el";
  if (uname_machine == "riscv64") return "riscv64";
  if (uname_machine == "s390x") return "s390x";
  return "";
}

}  // namespace rocm_doctor::dpkg
