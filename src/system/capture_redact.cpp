// SPDX-License-Identifier: MIT
#include "system/capture_redact.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <nlohmann/json.hpp>
#include <sstream>

#include "rocm_doctor/paths.h"
#include "system/fd_io.h"
#include "system/temp_dir.h"

namespace rocm_doctor {
namespace {

using nlohmann::json;
using system::ErrnoText;
using system::UniqueFd;

// Larger than any file capture writes (its per-file bound); a longer one is not ours to keep.
constexpr std::size_t kMaxRedactedFile = std::size_t{80} << 20;
constexpr char kMetaDir[] = "/.rocm-doctor";

std::string Trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r')) {
    text.pop_back();
  }
  return text;
}

bool EndsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string Child(const std::string& dir, const std::string& name) {
  return dir == "/" ? "/" + name : dir + "/" + name;
}

json RedactJson(const json& value, Redactor& redactor) {
  if (value.is_string()) return redactor.Text(value.get_ref<const std::string&>());
  if (value.is_array()) {
    json out = json::array();
    for (const json& item : value) out.push_back(RedactJson(item, redactor));
    return out;
  }
  if (value.is_object()) {
    json out = json::object();
    for (auto it = value.begin(); it != value.end(); ++it) {
      out[redactor.Text(it.key())] = RedactJson(it.value(), redactor);
    }
    return out;
  }
  return value;
}

std::string DumpJson(const json& value) {
  return value.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

class TreeRedactor {
 public:
  TreeRedactor(std::string root, Redactor& redactor, RedactionReport& report)
      : root_(std::move(root)), r_(redactor), report_(report) {}

  void Directory(int dir_fd, const std::string& host_dir) {
    for (const std::string& name : system::ListNamesAt(dir_fd).names) {
      Entry(dir_fd, host_dir, name);
    }
  }

 private:
  void Warn(std::string what) {
    if (report_.warnings.size() < 1000) report_.warnings.push_back(std::move(what));
  }

  // Removes what could not be redacted: nothing identifying may stay because of an error.
  void Drop(int dir_fd, const std::string& name, const std::string& host_path, bool is_dir,
            const std::string& why) {
    Warn(host_path + ": " + why + "; removed");
    if (is_dir) {
      // Entries are renamed after their children (post-order), so it is still at its old path.
      system::RemoveTree(root_ + host_path);
    } else {
      ::unlinkat(dir_fd, name.c_str(), 0);
    }
  }

  // A directory entry's redacted name. Under /home a name is a user's whatever it looks like.
  std::string NewName(const std::string& host_dir, const std::string& name) {
    if (EndsWith(host_dir, "/home")) {
      const std::string whole = r_.Text("/home/" + name);
      if (whole.rfind("/home/", 0) == 0) return whole.substr(6);
    }
    return r_.Text(name);
  }

  std::string NewContent(const std::string& host_path, const std::string& content) {
    const bool meta = host_path.rfind(std::string(kMetaDir) + "/", 0) == 0;
    if (meta && EndsWith(host_path, ".json")) {
      const json parsed = json::parse(content, nullptr, false);
      if (!parsed.is_discarded()) return DumpJson(RedactJson(parsed, r_));
    }
    if (content.find('\0') != std::string::npos) return r_.SameLength(content);
    return r_.File(host_path, content);
  }

  void File(int dir_fd, const std::string& name, const std::string& host_path) {
    UniqueFd fd(::openat(dir_fd, name.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    if (!fd) return Drop(dir_fd, name, host_path, false, "cannot open: " + ErrnoText(errno));
    FileContent content = system::ReadBounded(fd.get(), kMaxRedactedFile);
    if (!content.ok() || content.truncated) {
      return Drop(dir_fd, name, host_path, false,
                  content.ok() ? "larger than the capture's file bound" : content.error);
    }
    const std::string redacted = NewContent(host_path, content.data);
    if (redacted == content.data) return;
    if (::ftruncate(fd.get(), 0) != 0 || ::lseek(fd.get(), 0, SEEK_SET) != 0) {
      return Drop(dir_fd, name, host_path, false, "cannot rewrite: " + ErrnoText(errno));
    }
    if (const int error_number = system::WriteAll(fd.get(), redacted); error_number != 0) {
      return Drop(dir_fd, name, host_path, false, "cannot rewrite: " + ErrnoText(error_number));
    }
    ++report_.files_changed;
  }

  void Link(int dir_fd, const std::string& name, const std::string& host_path) {
    char buffer[4096];
    const ssize_t got = ::readlinkat(dir_fd, name.c_str(), buffer, sizeof buffer);
    if (got < 0 || static_cast<std::size_t>(got) >= sizeof buffer) {
      return Drop(dir_fd, name, host_path, false, "unreadable symlink");
    }
    const std::string target(buffer, static_cast<std::size_t>(got));
    const std::string redacted = r_.Text(target);
    if (redacted == target) return;
    if (::unlinkat(dir_fd, name.c_str(), 0) != 0 ||
        ::symlinkat(redacted.c_str(), dir_fd, name.c_str()) != 0) {
      return Drop(dir_fd, name, host_path, false, "cannot rewrite the symlink");
    }
    ++report_.links_changed;
  }

  void Entry(int dir_fd, const std::string& host_dir, const std::string& name) {
    const std::string host_path = Child(host_dir, name);
    struct stat st {};
    if (::fstatat(dir_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return;
    const bool is_dir = S_ISDIR(st.st_mode);
    if (is_dir) {
      UniqueFd child(
          ::openat(dir_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
      if (!child) return Drop(dir_fd, name, host_path, true, "cannot open: " + ErrnoText(errno));
      Directory(child.get(), host_path);
    } else if (S_ISREG(st.st_mode)) {
      File(dir_fd, name, host_path);
    } else if (S_ISLNK(st.st_mode)) {
      Link(dir_fd, name, host_path);
    } else {
      return Drop(dir_fd, name, host_path, false, "not a file, directory or symlink");
    }
    const std::string renamed = NewName(host_dir, name);
    if (renamed == name) return;
    struct stat taken {};
    if (renamed.empty() || renamed.find('/') != std::string::npos ||
        ::fstatat(dir_fd, renamed.c_str(), &taken, AT_SYMLINK_NOFOLLOW) == 0 ||
        ::renameat(dir_fd, name.c_str(), dir_fd, renamed.c_str()) != 0) {
      // Two names that redact to one (e.g. a serial and its placeholder): keep neither.
      return Drop(dir_fd, name, host_path, is_dir, "its redacted name is taken");
    }
    ++report_.names_changed;
  }

  std::string root_;
  Redactor& r_;
  RedactionReport& report_;
};

// The first pass: every identifier that a text file shows (after a key, by shape) becomes known
// to `redactor` before anything is rewritten, so a GPU id in a directory name or a log that
// sorts before the KFD properties naming it is found too.
void LearnTree(int dir_fd, const std::string& host_dir, Redactor& redactor, int depth) {
  if (depth > 64) return;  // deeper than any capture writes; the rewrite pass still sees it
  for (const std::string& name : system::ListNamesAt(dir_fd).names) {
    const std::string host_path = Child(host_dir, name);
    UniqueFd fd(::openat(dir_fd, name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    struct stat st {};
    if (!fd || ::fstat(fd.get(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      LearnTree(fd.get(), host_path, redactor, depth + 1);
    } else if (S_ISREG(st.st_mode)) {
      const FileContent content = system::ReadBounded(fd.get(), kMaxRedactedFile);
      if (content.ok() && content.data.find('\0') == std::string::npos) {
        redactor.LearnFile(host_path, content.data);
      }
    }
  }
}

void AddUnique(std::vector<std::string>& list, std::string value) {
  value = Trimmed(std::move(value));
  if (value.empty()) return;
  for (const std::string& known : list) {
    if (known == value) return;
  }
  list.push_back(std::move(value));
}

std::string LowerShort(std::string_view name) {
  std::string out(name.substr(0, name.find('.')));
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The names on the /etc/hosts lines that name one of `known` (by its short name).
std::vector<std::string> HostAliases(std::string_view hosts,
                                     const std::vector<std::string>& known) {
  std::vector<std::string> shorts;
  for (const std::string& host : known) shorts.push_back(LowerShort(Trimmed(host)));
  std::vector<std::string> out;
  std::istringstream lines{std::string(hosts)};
  for (std::string line; std::getline(lines, line) && out.size() < 64;) {
    line = line.substr(0, line.find('#'));
    std::istringstream fields(line);
    std::string address;
    std::vector<std::string> names;
    fields >> address;
    for (std::string name; fields >> name;) names.push_back(name);
    bool ours = false;
    for (const std::string& name : names) {
      ours = ours || std::find(shorts.begin(), shorts.end(), LowerShort(name)) != shorts.end();
    }
    if (!ours) continue;
    for (std::string& name : names) {
      if (LowerShort(name) != "localhost" && name.size() <= 253) out.push_back(std::move(name));
    }
  }
  return out;
}

}  // namespace

IdentifyingNames IdentifyingNamesOf(const SystemView& view) {
  IdentifyingNames names;
  for (std::string_view path : {paths::kHostname, std::string_view("/etc/hostname")}) {
    const FileContent file = view.ReadFile(path, 4096);
    if (file.ok()) AddUnique(names.hostnames, file.data);
  }
  // /etc/hosts names this host's fully qualified name and aliases ("127.0.1.1 node7.lab.org
  // node7" on Debian) where the kernel and /etc/hostname hold only the short one.
  const FileContent hosts = view.ReadFile("/etc/hosts", 1 << 20);
  if (hosts.ok()) {
    for (std::string& name : HostAliases(hosts.data, names.hostnames)) {
      AddUnique(names.hostnames, std::move(name));
    }
  }
  AddUnique(names.user_names, view.CurrentUser().name);
  for (const char* variable : {"USER", "LOGNAME", "SUDO_USER"}) {
    if (auto value = view.GetEnv(variable)) AddUnique(names.user_names, *value);
  }
  if (auto home = view.GetEnv("HOME")) {
    std::string trimmed = Trimmed(*home);
    while (trimmed.size() > 1 && trimmed.back() == '/') trimmed.pop_back();
    AddUnique(names.user_names, trimmed.substr(trimmed.rfind('/') + 1));
  }
  const FileContent passwd = view.ReadFile(paths::kEtcPasswd, 4 << 20);
  if (passwd.ok()) {
    for (std::string& name : HumanUserNames(passwd.data)) {
      AddUnique(names.user_names, std::move(name));
    }
  }
  return names;
}

Result<RedactionReport> RedactMachineDirectory(const std::string& dir, Redactor& redactor) {
  UniqueFd root(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!root) return Error{dir + ": " + ErrnoText(errno)};
  RedactionReport report;
  {
    // Its own descriptor: listing a directory moves the offset every dup of it shares.
    UniqueFd learn_root(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (learn_root) LearnTree(learn_root.get(), "/", redactor, 0);
  }
  TreeRedactor(dir, redactor, report).Directory(root.get(), "/");
  report.removed = redactor.Summary();

  // What was removed, by kind and count (never the values), for whoever reads the capture.
  const std::string machine = dir + "/.rocm-doctor/machine.json";
  UniqueFd fd(::open(machine.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) return Error{machine + ": " + ErrnoText(errno)};
  const FileContent content = system::ReadBounded(fd.get(), std::size_t{16} << 20);
  json parsed = content.ok() ? json::parse(content.data, nullptr, false) : json();
  if (!parsed.is_object()) return Error{machine + ": not a JSON object after redaction"};
  json removed = json::object();
  for (const Redactor::Removed& r : report.removed) {
    removed[std::string(ToString(r.kind))] = {{"values", r.values}, {"occurrences", r.occurrences}};
  }
  parsed["redacted"] = removed;
  const std::string text = DumpJson(parsed);
  if (::ftruncate(fd.get(), 0) != 0 || ::lseek(fd.get(), 0, SEEK_SET) != 0) {
    return Error{machine + ": " + ErrnoText(errno)};
  }
  if (const int error_number = system::WriteAll(fd.get(), text); error_number != 0) {
    return Error{machine + ": " + ErrnoText(error_number)};
  }
  return report;
}

std::string DescribeRemoved(const std::vector<Redactor::Removed>& removed) {
  std::string out;
  for (const Redactor::Removed& r : removed) {
    if (!out.empty()) out += ", ";
    std::string kind(ToString(r.kind));
    if (r.values != 1) kind += kind.back() == 's' ? "es" : "s";
    out += std::to_string(r.values) + " " + kind + " (" + std::to_string(r.occurrences) +
           (r.occurrences == 1 ? " place)" : " places)");
  }
  return out.empty() ? "nothing" : out;
}

}  // namespace rocm_doctor
