// SPDX-License-Identifier: MIT
// The parsers of which-Python files: pyvenv.cfg, pyenv version files and shims, $PATH, version
// names - with hostile input (empty, CRLF, comments, NUL bytes, escapes out of versions/).
#include "collect/python/python_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::python {
namespace {

TEST(PyvenvCfg, KeysAreLowerCasedAndValuesTrimmed) {
  auto keys = ParsePyvenvCfg(
      "home = /usr/bin\r\nInclude-System-Site-Packages=true\nversion_info = 3.12.3.final.0\n"
      "no equals sign here\n = orphan value\nprompt = 'my env = x'\n");
  EXPECT_EQ(keys["home"], "/usr/bin");
  EXPECT_EQ(keys["include-system-site-packages"], "true");
  EXPECT_EQ(keys["version_info"], "3.12.3.final.0");
  EXPECT_EQ(keys["prompt"], "'my env = x'");
  EXPECT_EQ(keys.count(""), 0u);
  EXPECT_TRUE(ParsePyvenvCfg("").empty());
  EXPECT_TRUE(ParsePyvenvCfg(std::string("\0\0\0", 3)).empty());
}

TEST(PyenvVersions, WordsCommentsAndColons) {
  struct Case {
    std::string text;
    std::vector<std::string> names;
  } cases[] = {
      {"3.11.7\n", {"3.11.7"}},
      {"# a comment\n\n  3.12.1 system\n3.10.13\n", {"3.12.1", "system", "3.10.13"}},
      {"3.11.7:3.10.13", {"3.11.7", "3.10.13"}},  // $PYENV_VERSION
      {"", {}},
      {"\n\n", {}},
      {"../../etc /abs 3.9.18 . ..\n", {"3.9.18"}},
      {"3.11.7\r\n", {"3.11.7"}},
  };
  for (const Case& c : cases) EXPECT_EQ(ParsePyenvVersions(c.text), c.names) << c.text;
}

TEST(PyenvShim, RecognisesTheRehashScriptOnly) {
  EXPECT_TRUE(IsPyenvShim(
      "#!/usr/bin/env bash\nset -e\n[ -n \"$PYENV_DEBUG\" ] && set -x\n\nprogram=\"${0##*/}\"\n\n"
      "export PYENV_ROOT=\"/root/.pyenv\"\nexec \"/root/.pyenv/libexec/pyenv\" exec \"$program\" "
      "\"$@\"\n"));
  EXPECT_FALSE(
      IsPyenvShim("\x7f"
                  "ELF\x02\x01\x01"));
  EXPECT_FALSE(IsPyenvShim(""));
  EXPECT_FALSE(IsPyenvShim("#!/bin/sh\nexec /usr/bin/python3 \"$@\"\n"));
}

TEST(SearchPath, DropsEmptyRelativeAndDuplicateEntries) {
  EXPECT_EQ(SplitSearchPath("/a/bin::/usr/bin/:bin:/a/bin:/"),
            (std::vector<std::string>{"/a/bin", "/usr/bin", "/"}));
  EXPECT_TRUE(SplitSearchPath("").empty());
  EXPECT_TRUE(SplitSearchPath(":::").empty());
}

TEST(Versions, MinorFromNamesAndVersions) {
  EXPECT_EQ(MinorFromExecutableName("python3.11"), "3.11");
  EXPECT_EQ(MinorFromExecutableName("python3.8m"), "3.8");
  EXPECT_EQ(MinorFromExecutableName("python3"), "");
  EXPECT_EQ(MinorFromExecutableName("python"), "");
  EXPECT_EQ(MinorFromExecutableName("python3.x"), "");
  EXPECT_EQ(MinorFromExecutableName("pythonista3.1"), "");
  EXPECT_EQ(MinorOfVersion("3.11.7"), "3.11");
  EXPECT_EQ(MinorOfVersion("3.12.3.final.0"), "3.12");
  EXPECT_EQ(MinorOfVersion("3.13rc1"), "3.13");
  EXPECT_EQ(MinorOfVersion("miniconda3-latest"), "");
  EXPECT_EQ(MinorOfVersion(""), "");
}

TEST(Versions, PyenvOrderAndPrefixSelection) {
  EXPECT_TRUE(VersionLess("3.9.18", "3.10.13"));
  EXPECT_FALSE(VersionLess("3.10.13", "3.9.18"));
  EXPECT_TRUE(VersionLess("3.11", "3.11.7"));
  EXPECT_TRUE(VersionLess("3.11.7", "3.11.10"));
  EXPECT_TRUE(VersionLess("3.9.99999999999999999999", "3.10.0"));  // no overflow
  const std::vector<std::string> installed{"2.7.18",      "3.11.7", "3.11.10",
                                           "3.11.12-dev", "3.12.1", "myenv"};
  EXPECT_EQ(SelectPyenvVersion("3.11.7", installed), "3.11.7");
  EXPECT_EQ(SelectPyenvVersion("3.11", installed), "3.11.10");
  EXPECT_EQ(SelectPyenvVersion("3", installed), "3.12.1");
  EXPECT_EQ(SelectPyenvVersion("myenv", installed), "myenv");
  EXPECT_EQ(SelectPyenvVersion("3.9", installed), std::nullopt);
  EXPECT_EQ(SelectPyenvVersion("", installed), std::nullopt);
}

}  // namespace
}  // namespace rocm_doctor::python
