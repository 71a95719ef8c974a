// SPDX-License-Identifier: MIT
// CollectHost: who and what this host is, for the report header and hardware.memory.
#include <map>

#include "collect/host/meminfo_parse.h"
#include "base/text_parse.h"
#include "collect/common/sysfs_reader.h"
#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/paths.h"

namespace rocm_doctor {
namespace {

// os-release(5): /etc/os-release wins; /usr/lib/os-release is the fallback when it is absent
// (or unreadable). The error names both files when neither can be read.
void ReadOsRelease(const SystemView& view, HostFacts& host) {
  Fact<std::string> text = ReadText(view, paths::kOsRelease);
  if (!text.known()) {
    Fact<std::string> fallback = ReadText(view, paths::kUsrLibOsRelease);
    if (fallback.known()) {
      text = fallback;
    } else {
      text.error += "; " + fallback.source + ": " + fallback.error;
    }
  }
  auto field = [&](const std::map<std::string, std::string>& values, const char* key) {
    auto it = values.find(key);
    if (it == values.end() || it->second.empty()) {
      return Fact<std::string>::Unknown(text.source, std::string("no ") + key + " line");
    }
    return Fact<std::string>::Known(parse::Printable(it->second), text.source);
  };
  if (!text.known()) {
    host.os_pretty_name = Fact<std::string>::Unknown(text.source, text.error);
    host.os_id = host.os_pretty_name;
    host.os_version_id = host.os_pretty_name;
    host.os_version = host.os_pretty_name;
    return;
  }
  std::map<std::string, std::string> values = parse::KeyEqualsValueLines(*text);
  host.os_pretty_name = field(values, "PRETTY_NAME");
  host.os_id = field(values, "ID");
  host.os_version_id = field(values, "VERSION_ID");
  host.os_version = field(values, "VERSION");
}

Fact<std::string> ReadHostname(const SystemView& view) {
  Fact<std::string> name = ReadText(view, paths::kHostname);
  if (name.known() && name->empty()) {
    return Fact<std::string>::Unknown(name.source, "empty hostname");
  }
  if (name.known()) name.value = parse::Printable(*name, 64);
  return name;
}

Fact<std::uint64_t> ReadMemTotal(const SystemView& view) {
  Fact<std::string> text = ReadText(view, paths::kProcMeminfo);
  if (!text.known()) return Fact<std::uint64_t>::Unknown(text.source, text.error);
  if (auto bytes = meminfo::Bytes(*text, "MemTotal")) {
    return Fact<std::uint64_t>::Known(*bytes, text.source);
  }
  return Fact<std::uint64_t>::Unknown(text.source, "no readable 'MemTotal: N kB' line");
}

}  // namespace

HostFacts CollectHost(const SystemView& view) {
  HostFacts host;
  ReadOsRelease(view, host);
  host.hostname = ReadHostname(view);
  host.uname = view.Uname();
  host.user = view.CurrentUser();
  host.mem_total_bytes = ReadMemTotal(view);
  return host;
}

}  // namespace rocm_doctor
