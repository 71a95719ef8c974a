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

}  // namespace

std::optional<std::string> InstalledVersion(std::string_view status, std::string_view package) {
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
