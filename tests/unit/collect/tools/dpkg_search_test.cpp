// SPDX-License-Identifier: MIT
// InstalledVersion jumps between occurrences of the package name instead of reading every line
// of the status file: it must answer exactly what the line-by-line reading answers, on real
// stanzas and on hostile ones (names inside other fields, several Package lines in one stanza,
// blank lines of spaces or '\r', no final newline).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "base/text_parse.h"
#include "collect/tools/dpkg_parse.h"

namespace rocm_doctor::dpkg {
namespace {

// The reading InstalledVersion had before it learnt to jump (the reference).
std::optional<std::string> LineByLine(std::string_view status, std::string_view package) {
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
      in_package = parse::Trim(line.substr(8)) == package;
    } else if (parse::StartsWith(line, "Status:")) {
      std::vector<std::string_view> words = parse::SplitWhitespace(parse::Trim(line.substr(7)));
      installed = words.size() == 3 && words[2] == "installed";
    } else if (parse::StartsWith(line, "Version:")) {
      version = std::string(parse::Trim(line.substr(8)));
    }
  }
  if (done()) return version;
  return std::nullopt;
}

TEST(DpkgSearch, NameInOtherFieldsAndStanzasDoesNotMatch) {
  const std::string status =
      "Package: libamdhip64-dev\n"
      "Status: install ok installed\n"
      "Depends: hipcc, libamdhip64-5\n"
      "Version: 9.9\n"
      "\n"
      "Package: hipcc\n"
      "Status: deinstall ok config-files\n"
      "Version: 1.0\n"
      "\n"
      "Description: hipcc\n"
      "Package: hipcc\n"
      "Version: 2.0\n"
      "Status: install ok installed\n"
      " \r\n"
      "Package:hipcc \r\n"
      "Status: install ok installed\r\n"
      "Version: 3.0\r";
  EXPECT_EQ(InstalledVersion(status, "hipcc"), "2.0");
  EXPECT_EQ(InstalledVersion(status, "libamdhip64-dev"), "9.9");
  EXPECT_EQ(InstalledVersion(status, "libamdhip64"), std::nullopt);
  EXPECT_EQ(InstalledVersion(status, "hip"), std::nullopt);
  // The second Package line of a stanza wins, as it did.
  EXPECT_EQ(InstalledVersion("Package: hipcc\nPackage: x\nStatus: i ok installed\nVersion: 1\n",
                             "hipcc"),
            std::nullopt);
  EXPECT_EQ(InstalledVersion("Package: x\nPackage: hipcc\nStatus: i ok installed\nVersion: 1",
                             "hipcc"),
            "1");
}

// Random status files of fragments that matter: every answer equals the line-by-line one.
TEST(DpkgSearch, AnswersWhatTheLineByLineReadingAnswers) {
  const std::vector<std::string> fragments = {
      "Package: hipcc\n", "Package:hipcc  \n", "Package: hipcc-dev\n", "Package: hip\n",
      "Package:\n",       "Status: install ok installed\n", "Status: deinstall ok config-files\n",
      "Status: install ok installed\r\n", "Version: 5.2.3-8\n", "Version: 1\n", "Version:\n",
      " hipcc continues\n", "Depends: hipcc\n", "\n", "  \n", "\r\n", "\t\n", "hipcc", "Package: cc\n",
      "Version: 2", "Package: hipcc"};
  const std::vector<std::string> packages = {"hipcc", "hip", "cc", "hipcc-dev", "", " hipcc",
                                             "rocminfo", "Package"};
  std::mt19937 random(14);
  int answered = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string status;
    const int count = static_cast<int>(random() % 14);
    for (int i = 0; i < count; ++i) status += fragments[random() % fragments.size()];
    for (const std::string& package : packages) {
      const auto expected = LineByLine(status, package);
      ASSERT_EQ(InstalledVersion(status, package), expected)
          << "package '" << package << "' in:\n" << status;
      answered += expected.has_value();
    }
  }
  EXPECT_GT(answered, 1000);  // the generator does reach installed stanzas
}

}  // namespace
}  // namespace rocm_doctor::dpkg
