#pragma once
// Redaction of identifying values from text: hostnames, user names and home paths, serial
// numbers and unique ids, UUIDs, MAC and IP addresses. Used by `capture --redact` on every file
// of a machine directory, and usable on any report text.
//
// Each distinct value gets a stable placeholder of the same shape (the n-th serial "12345678" is
// "00000001", a MAC becomes 02:00:00:00:00:0n, an IPv4 address 192.0.2.n from the RFC 5737
// documentation range), so parsers still read the redacted text and values that matched each
// other before still match: a GPU's unique_id in KFD properties (decimal) and in DRM sysfs (hex)
// map to the same number. Placeholders never contain quotes or backslashes, so JSON stays valid.
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rocm_doctor {

enum class RedactionKind { kHostname, kUserName, kSerial, kUuid, kMac, kIpv4, kIpv6 };
std::string_view ToString(RedactionKind kind);  // "hostname", "user name", ...

// Values known to identify this host that no pattern finds.
struct IdentifyingNames {
  std::vector<std::string> hostnames;   // as in /etc/hostname; the short name is added
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
    std::size_t length = 0;    // bytes of input consumed
    std::string replacement;   // what they become
  };
  // `addresses` false: no MAC/IP patterns (a package database, where "2:1.7.0.1" is a version).
  std::string Replace(std::string_view text, bool same_length, bool addresses = true);
  bool MatchAt(std::string_view text, std::size_t at, bool addresses, Match& match);
  bool MatchKeyValue(std::string_view text, std::size_t at, Match& match);
  bool MatchKnownName(std::string_view text, std::size_t at, Match& match);
  bool MatchHomePath(std::string_view text, std::size_t at, Match& match);
  bool MatchUuid(std::string_view text, std::size_t at, Match& match);
  bool MatchMac(std::string_view text, std::size_t at, Match& match);
  bool MatchIpv6(std::string_view text, std::size_t at, Match& match);
  bool MatchIpv4(std::string_view text, std::size_t at, Match& match);

  // The placeholder of `value` (keyed by `key`, default the value itself) of `kind`.
  std::string Placeholder(RedactionKind kind, const std::string& key,
                          std::string (*make)(std::size_t index, std::string_view value),
                          std::string_view value);
  std::string SerialPlaceholder(std::string_view value, bool hex_digits);
  std::string UserPlaceholder(std::string_view name);

  std::vector<std::string> hostnames_;   // longest first
  std::vector<std::string> user_names_;  // longest first
  std::map<std::string, std::string> placeholders_[7];
  std::size_t occurrences_[7] = {};
};

}  // namespace rocm_doctor
