// SPDX-License-Identifier: MIT
// The redactor's known names: hostnames with their domains, user names, and the owners of
// home directories (src/base/redact.h).
#include <algorithm>

#include "base/redact.h"
#include "base/redact_chars.h"

namespace rocm_doctor {

namespace redact_detail {
namespace {

// Accounts that exist on every machine of a kind, and words of this domain that a user name
// could collide with: replacing "rocm" or "render" everywhere would destroy the diagnosis, and
// they identify nobody.
constexpr std::string_view kCommonNames[] = {
    "root",   "daemon",   "bin",     "sys",    "sync",    "games",      "man",
    "lp",     "mail",     "news",    "uucp",   "proxy",   "www-data",   "backup",
    "list",   "irc",      "gnats",   "nobody", "nogroup", "messagebus", "sshd",
    "_apt",   "render",   "video",   "users",  "ubuntu",  "debian",     "admin",
    "user",   "ec2-user", "centos",  "fedora", "rocky",   "cloud-user", "azureuser",
    "opc",    "pi",       "vagrant", "docker", "runner",  "jenkins",    "guest",
    "test",   "amd",      "amdgpu",  "rocm",   "gpu",     "hip",        "cuda",
    "nvidia", "linux",    "kernel",  "opt",    "usr",     "lib",        "home",
    "proc",   "dev",      "etc",     "python", "torch",   "conda",      "localhost",
    "none"};

}  // namespace

bool IsCommonName(std::string_view name) {
  if (name.size() < 3) return true;
  const std::string lower = Lower(name);
  if (lower.rfind("systemd-", 0) == 0) return true;
  return std::find(std::begin(kCommonNames), std::end(kCommonNames), lower) !=
         std::end(kCommonNames);
}

}  // namespace redact_detail

namespace {

using namespace redact_detail;

// Last labels after a host name that make it a file name, not a domain: "node7.log" is a file
// that names the host, "node7.lab" a host in the domain "lab".
constexpr std::string_view kFileExtensions[] = {
    "log",   "txt",   "json",   "conf", "cfg",  "ini",  "yaml", "yml",    "xml",     "csv",
    "md",    "html",  "out",    "err",  "pid",  "lock", "sock", "socket", "service", "target",
    "timer", "mount", "d",      "so",   "ko",   "gz",   "xz",   "bz2",    "zst",     "tar",
    "tgz",   "zip",   "bak",    "old",  "tmp",  "sh",   "py",   "pem",    "crt",     "key",
    "pub",   "db",    "sqlite", "dump", "core", "img",  "iso"};

bool IsLabelChar(char c) { return IsAlnum(c) || c == '-'; }

std::string HostPlaceholder(std::size_t index, std::string_view) {
  return "host" + std::to_string(index);
}

std::string DomainPlaceholder(std::size_t index, std::string_view) {
  return "domain" + std::to_string(index) + ".example";  // RFC 2606 reserved
}

std::string UserPlaceholderText(std::size_t index, std::string_view) {
  return "user" + std::to_string(index);
}

}  // namespace

std::string Redactor::UserPlaceholder(std::string_view name) {
  return Placeholder(RedactionKind::kUserName, std::string(name), UserPlaceholderText, name);
}

// A known short host name, in any case, bounded by anything but a letter or digit ("node7-ib0"
// is node7's InfiniBand name), with the domain after it if any: "node7.lab.example.org" and
// "NODE7.lab" are "host1" as "node7" is, whatever the domain (the kernel and /etc/hostname
// usually hold only the short name, the logs the fully qualified one).
bool Redactor::MatchHostname(std::string_view text, std::size_t at, Match& match) {
  // Not inside a longer label: "open-vm-tools" does not hold the host "vm".
  if (hostnames_.empty() || IsLabelChar(Before(text, at))) return false;
  for (const std::string& name : hostnames_) {
    if (!StartsWithNoCase(text, at, name)) continue;
    const std::size_t end = at + name.size();
    if (IsAlnum(At(text, end))) continue;
    // "-ib0" of "node7-ib0.lab.example.org": kept, with the domain after it dropped.
    const std::size_t suffix = At(text, end) == '-' ? RunLength(text, end, IsLabelChar) : 0;
    std::size_t pos = end + suffix;
    std::size_t last = pos;  // start of the last label
    while (At(text, pos) == '.' && IsAlnum(At(text, pos + 1))) {
      last = pos + 1;
      pos = last + RunLength(text, last, IsLabelChar, 63);
    }
    const std::string domain = pos > end + suffix
                                   ? Lower(text.substr(end + suffix + 1, pos - end - suffix - 1))
                                   : std::string();
    const std::string tail = Lower(text.substr(last, pos - last));
    const bool is_domain =
        !domain.empty() &&
        (std::find(domains_.begin(), domains_.end(), domain) != domains_.end() ||
         (tail.size() >= 2 &&
          std::all_of(tail.begin(), tail.end(), [](char c) { return c >= 'a' && c <= 'z'; }) &&
          std::find(std::begin(kFileExtensions), std::end(kFileExtensions), tail) ==
              std::end(kFileExtensions)));
    match.length = is_domain ? pos - at : end - at;
    match.replacement = Placeholder(RedactionKind::kHostname, name, HostPlaceholder, name);
    if (is_domain) match.replacement += std::string(text.substr(end, suffix));
    return true;
  }
  return false;
}

// A known domain on its own, as a whole: the domain of another host ("fs01.lab.example.org"),
// a DNS search list.
bool Redactor::MatchDomain(std::string_view text, std::size_t at, Match& match) {
  if (IsLabelChar(Before(text, at))) return false;
  for (const std::string& domain : domains_) {
    if (!StartsWithNoCase(text, at, domain)) continue;
    const std::size_t end = at + domain.size();
    if (IsLabelChar(At(text, end)) || (At(text, end) == '.' && IsAlnum(At(text, end + 1)))) {
      continue;
    }
    match.length = domain.size();
    match.replacement = Placeholder(RedactionKind::kDomain, domain, DomainPlaceholder, domain);
    return true;
  }
  return false;
}

bool Redactor::MatchKnownName(std::string_view text, std::size_t at, Match& match) {
  if (MatchHostname(text, at, match) || MatchDomain(text, at, match)) return true;
  if (IsNameChar(Before(text, at))) return false;
  for (const std::string& name : user_names_) {
    if (text.compare(at, name.size(), name) != 0) continue;
    if (IsNameChar(At(text, at + name.size()))) continue;
    match.length = name.size();
    match.replacement = UserPlaceholder(name);
    return true;
  }
  return false;
}

// "/home/<name>": the name of whoever's home it is, known or not.
bool Redactor::MatchHomePath(std::string_view text, std::size_t at, Match& match) {
  constexpr std::string_view kHome = "/home/";
  if (text.compare(at, kHome.size(), kHome) != 0) return false;
  std::size_t pos = at + kHome.size();
  const std::size_t start = pos;
  while (pos < text.size() && pos - start <= 64) {
    const char c = text[pos];
    if (static_cast<unsigned char>(c) <= ' ' || c == '/' || c == '"' || c == '\'' || c == ':' ||
        c == ';' || c == ',' || c == '\\' || c == ')' || c == ']' || c == '}' || c == 0x7f) {
      break;
    }
    ++pos;
  }
  const std::string_view name = text.substr(start, pos - start);
  if (name.empty() || name.size() > 64 || IsCommonName(name)) return false;
  match.length = pos - at;
  match.replacement = std::string(kHome) + UserPlaceholder(name);
  return true;
}

}  // namespace rocm_doctor
