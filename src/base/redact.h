// SPDX-License-Identifier: MIT
#pragma once
// Redaction of identifying values from text: hostnames (short and fully qualified) and their
// domain, user names and home paths, serial numbers and unique ids (GPU ids in every form the
// tools print), UUIDs, MAC and IP addresses. Used by `capture --redact` on every file of a
// machine directory and by `--redact` on every text of a report.
//
// Each distinct value gets a stable placeholder of the same shape (the n-th serial "12345678" is
// "00000001", a MAC becomes 02:00:00:00:00:0n, an IPv4 address 192.0.2.n from the RFC 5737
// documentation range), so parsers still read the redacted text and values that matched each
// other before still match: one GPU's unique_id in KFD properties (decimal), in DRM sysfs and
// rocm-smi (hex, "0x..."), and in rocminfo and HIP_VISIBLE_DEVICES ("GPU-<hex>") map to one
// number, and a host's short and fully qualified names to one "hostN". Placeholders never
// contain quotes or backslashes, so JSON stays valid.
//
// Identifiers are found by shape (UUID, MAC, IP, GPU-<hex>), after a key that names one
// ("unique_id", "Serial Number:", "uuid"), as a known name, and, once seen in any of those
// ways, bare anywhere (a GPU id in a cache path): Learn() reads texts ahead so that the order in
// which they are redacted does not matter.
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor {

enum class RedactionKind { kHostname, kUserName, kSerial, kUuid, kMac, kIpv4, kIpv6, kDomain };
std::string_view ToString(RedactionKind kind);  // "hostname", "user name", ..., "domain name"

// Values known to identify this host that no pattern finds.
struct IdentifyingNames {
  // As in /etc/hostname, short or fully qualified (any case). The short name is matched with
  // any domain after it; the domain of a fully qualified one (two labels or more) is matched
  // on its own too ("fs01.lab.example.org" -> "fs01.domain1.example").
  std::vector<std::string> hostnames;
  std::vector<std::string> user_names;  // human accounts; default and system names are skipped
};

// Human accounts of an /etc/passwd text: uid 1000..59999 (Debian's and Fedora's range for
// people; 65534 is nobody), plus their home directories' last component.
std::vector<std::string> HumanUserNames(std::string_view passwd);

class Redactor {
 public:
  explicit Redactor(IdentifyingNames known = {});

  // `text` with every identifying value replaced by its placeholder.
  std::string Text(std::string_view text);
  // The same for binary content (an ELF library): each placeholder is cut or padded with '_'
  // to the length of what it replaces, so no offset in the file moves.
  std::string SameLength(std::string_view bytes);
  // The content of the file at host path `path`: files that hold nothing but a serial number or
  // id (DMI serials and UUIDs, a PCI device's serial_number, DRM unique_id) are replaced whole;
  // package databases and version files (dpkg status, dist-info METADATA) go through Text()
  // without the MAC/IP patterns, since their dotted versions look like addresses; the rest
  // goes through Text().
  std::string File(std::string_view path, std::string_view content);

  // Reads ahead without replacing or counting anything: the identifiers that `text` (or the
  // file) shows after a key or by shape become known, so Text() finds them bare anywhere.
  void Learn(std::string_view text);
  void LearnFile(std::string_view path, std::string_view content);

  struct Removed {
    RedactionKind kind;
    std::size_t values = 0;       // distinct values replaced
    std::size_t occurrences = 0;  // places they were replaced
  };
  // What was removed so far, one entry per kind that occurred, in enum order.
  std::vector<Removed> Summary() const;
  std::size_t Occurrences() const;

 private:
  struct Match {
    std::size_t length = 0;   // bytes of input consumed
    std::string replacement;  // what they become
  };
  // `addresses` false: no MAC/IP patterns (a package database, where "2:1.7.0.1" is a version).
  std::string Replace(std::string_view text, bool same_length, bool addresses = true);
  bool MatchAt(std::string_view text, std::size_t at, bool addresses, Match& match);
  bool MatchKeyValue(std::string_view text, std::size_t at, Match& match);
  bool MatchKnownName(std::string_view text, std::size_t at, Match& match);
  bool MatchHostname(std::string_view text, std::size_t at, Match& match);
  bool MatchDomain(std::string_view text, std::size_t at, Match& match);
  bool MatchGpuId(std::string_view text, std::size_t at, Match& match);
  bool MatchLearned(std::string_view text, std::size_t at, Match& match);
  bool MatchHomePath(std::string_view text, std::size_t at, Match& match);
  bool MatchJournalPath(std::string_view text, std::size_t at, Match& match);
  bool MatchUuid(std::string_view text, std::size_t at, Match& match);
  bool MatchMac(std::string_view text, std::size_t at, Match& match);
  bool MatchIpv6(std::string_view text, std::size_t at, Match& match);
  bool MatchIpv4(std::string_view text, std::size_t at, Match& match);

  // The placeholder of `value` (keyed by `key`, default the value itself) of `kind`.
  std::string Placeholder(RedactionKind kind, const std::string& key,
                          std::string (*make)(std::size_t index, std::string_view value),
                          std::string_view value);
  std::string SerialPlaceholder(std::string_view value, bool hex_digits);
  // The placeholder of a value found after a key: a UUID, "GPU-<hex>", a PCI serial
  // ("3c-4b-...-02") or any other serial, each in its own shape.
  std::string ValuePlaceholder(std::string_view value);
  std::string UserPlaceholder(std::string_view name);

  static constexpr std::size_t kKinds = 8;
  std::vector<std::string> hostnames_;   // short names, lower case, longest first
  std::vector<std::string> domains_;     // lower case, longest first
  std::vector<std::string> user_names_;  // longest first
  std::map<std::string, std::string> placeholders_[kKinds];
  std::size_t occurrences_[kKinds] = {};
  // Identifiers seen so far, found bare from then on: serial numbers by value (whatever base
  // they are written in) and other serials by text.
  std::set<std::uint64_t> learned_numbers_;
  std::set<std::string, std::less<>> learned_strings_;
  bool learning_ = false;  // Learn(): nothing is counted
};

}  // namespace rocm_doctor
