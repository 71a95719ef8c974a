// SPDX-License-Identifier: MIT
// --redact on real text (issue 15): a dpkg status file, kernel logs, rocminfo, lspci -vvv and
// ip addr output, from this project's VM and from public bug reports (tests/data/redact/,
// PROVENANCE.md). Every identifier in them is listed by hand in tests/data/redact/expected.txt;
// the test counts the listed values that survive redaction (leaks) and the tokens that changed
// without holding one (false positives: a word, a version, a documentation address), prints both
// and requires both to be zero.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "base/redact.h"

namespace rocm_doctor {
namespace {

namespace fs = std::filesystem;

struct CorpusFile {
  std::string name;
  std::string host_path;  // also through File() when set
  IdentifyingNames names;
  std::vector<std::string> ids;
};

fs::path CorpusDir() { return fs::path(ROCMDOC_SOURCE_DIR) / "tests" / "data" / "redact"; }

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<CorpusFile> ReadExpected() {
  std::vector<CorpusFile> files;
  std::istringstream in(ReadAll(CorpusDir() / "expected.txt"));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.front() == '[' && line.back() == ']') {
      files.push_back({line.substr(1, line.size() - 2), {}, {}, {}});
      continue;
    }
    const std::size_t space = line.find(' ');
    EXPECT_TRUE(space != std::string::npos && !files.empty()) << line;
    if (space == std::string::npos || files.empty()) continue;
    const std::string key = line.substr(0, space), value = line.substr(space + 1);
    CorpusFile& file = files.back();
    if (key == "path") {
      file.host_path = value;
    } else if (key == "hostname") {
      file.names.hostnames.push_back(value);
    } else if (key == "user") {
      file.names.user_names.push_back(value);
    } else if (key == "id") {
      file.ids.push_back(value);
    } else {
      ADD_FAILURE() << "unknown key in expected.txt: " << line;
    }
  }
  return files;
}

std::vector<std::string> Tokens(const std::string& text) {
  std::vector<std::string> tokens;
  std::istringstream in(text);
  for (std::string token; in >> token;) tokens.push_back(token);
  return tokens;
}

bool IsLabelChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; }

// `value` in `text` (case-insensitive), as a whole label when `whole_label` (a host or user name:
// "vm" is not in "kvm" or "open-vm-tools" as a name).
bool Contains(const std::string& text, const std::string& value, bool whole_label) {
  std::string lower_text = text, lower_value = value;
  for (char& c : lower_text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (char& c : lower_value) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::size_t at = lower_text.find(lower_value); at != std::string::npos;
       at = lower_text.find(lower_value, at + 1)) {
    if (!whole_label) return true;
    const std::size_t end = at + lower_value.size();
    if ((at == 0 || !IsLabelChar(lower_text[at - 1])) &&
        (end == lower_text.size() || !IsLabelChar(lower_text[end]))) {
      return true;
    }
  }
  return false;
}

struct Counts {
  std::size_t files = 0, tokens = 0, identifiers = 0, leaks = 0, false_positives = 0;
  std::string report;
};

// One redaction of `original` into `redacted`, judged against `file`'s list.
void Judge(const CorpusFile& file, const std::string& how, const std::string& original,
           const std::string& redacted, Counts& counts) {
  ++counts.files;
  const std::string where = file.name + " (" + how + ")";
  std::vector<std::pair<std::string, bool>> values;  // value, whole label
  for (const std::string& id : file.ids) values.emplace_back(id, false);
  for (const std::string& name : file.names.hostnames) values.emplace_back(name, true);
  for (const std::string& name : file.names.user_names) values.emplace_back(name, true);
  for (const auto& [value, label] : values) {
    ++counts.identifiers;
    // Every listed id is in the text (the list is about this file); names may be absent.
    if (!label) EXPECT_TRUE(Contains(original, value, false)) << where << ": " << value;
    if (Contains(redacted, value, label)) {
      ++counts.leaks;
      counts.report += where + ": leaked " + value + "\n";
    }
  }
  const std::vector<std::string> before = Tokens(original), after = Tokens(redacted);
  counts.tokens += before.size();
  if (before.size() != after.size()) {
    ++counts.false_positives;
    counts.report += where + ": " + std::to_string(before.size()) + " tokens became " +
                     std::to_string(after.size()) + "\n";
    return;
  }
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (before[i] == after[i]) continue;
    bool holds_identifier = false;
    for (const auto& [value, label] : values) {
      holds_identifier = holds_identifier || Contains(before[i], value, label);
    }
    if (!holds_identifier) {
      ++counts.false_positives;
      counts.report += where + ": \"" + before[i] + "\" -> \"" + after[i] + "\"\n";
    }
  }
}

TEST(RedactCorpus, RealTextLosesItsIdentifiersAndNothingElse) {
  const std::vector<CorpusFile> files = ReadExpected();
  ASSERT_GE(files.size(), 8u);
  Counts counts;
  for (const CorpusFile& file : files) {
    const std::string original = ReadAll(CorpusDir() / file.name);
    ASSERT_FALSE(original.empty()) << file.name;
    {
      // As --redact does to a report: one Redactor, Learn() ahead, then Text().
      Redactor redactor(file.names);
      redactor.Learn(original);
      Judge(file, "Text", original, redactor.Text(original), counts);
    }
    if (!file.host_path.empty()) {
      // As capture --redact does to the file at that path of a machine directory.
      Redactor redactor(file.names);
      redactor.LearnFile(file.host_path, original);
      Judge(file, "File " + file.host_path, original, redactor.File(file.host_path, original),
            counts);
    }
  }
  std::printf(
      "[ redact corpus ] %zu redactions of %zu files, %zu tokens, %zu listed identifiers: "
      "%zu leaks, %zu false positives\n%s",
      counts.files, files.size(), counts.tokens, counts.identifiers, counts.leaks,
      counts.false_positives, counts.report.c_str());
  EXPECT_EQ(counts.leaks, 0u) << counts.report;
  EXPECT_EQ(counts.false_positives, 0u) << counts.report;
  EXPECT_GT(counts.tokens, 10000u);
}

// The three lines of issue 15, as they occur in the corpus: words after a key that names an id.
TEST(RedactCorpus, IssueFifteenLinesAreUnchanged) {
  const std::string dpkg = ReadAll(CorpusDir() / "vm-dpkg-status");
  const std::string dmesg = ReadAll(CorpusDir() / "vm-dmesg.txt");
  for (const std::string line :
       {"Description: HDF5 C runtime files - serial version",
        " quickly and easily find block devices by filesystem UUID or label.",
        "Serial: 8250/16550 driver, 1 ports, IRQ sharing disabled"}) {
    ASSERT_TRUE(dpkg.find(line) != std::string::npos || dmesg.find(line) != std::string::npos)
        << line;
    Redactor redactor;
    EXPECT_EQ(redactor.Text(line), line);
    EXPECT_EQ(redactor.File("/var/lib/dpkg/status", line), line);
  }
}

}  // namespace
}  // namespace rocm_doctor
