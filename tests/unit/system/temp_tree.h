// SPDX-License-Identifier: MIT
#pragma once
// A temporary directory for building machine directories in tests; removed at scope exit.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "system/temp_dir.h"

namespace rocm_doctor::testing {

class TempTree {
 public:
  TempTree() {
    char pattern[] = "/tmp/rocmdoc-test-XXXXXX";
    const char* made = ::mkdtemp(pattern);
    path_ = made != nullptr ? made : "";
  }
  ~TempTree() { system::RemoveTree(path_); }
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  const std::string& path() const { return path_; }
  std::string At(const std::string& rel) const { return path_ + "/" + rel; }

  TempTree& File(const std::string& rel, const std::string& content) {
    std::filesystem::create_directories(std::filesystem::path(At(rel)).parent_path());
    std::ofstream(At(rel), std::ios::binary) << content;
    return *this;
  }
  TempTree& Dir(const std::string& rel) {
    std::filesystem::create_directories(At(rel));
    return *this;
  }
  TempTree& Link(const std::string& rel, const std::string& target) {
    std::filesystem::create_directories(std::filesystem::path(At(rel)).parent_path());
    ::symlink(target.c_str(), At(rel).c_str());
    return *this;
  }
  TempTree& MachineJson(const std::string& text) { return File(".rocm-doctor/machine.json", text); }

 private:
  std::string path_;
};

}  // namespace rocm_doctor::testing
