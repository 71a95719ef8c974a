// SPDX-License-Identifier: MIT
#include "support/golden.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace rocm_doctor::testing {

std::string CompareWithGolden(const std::string& relative_path, const std::string& actual) {
  std::string path = std::string(ROCMDOC_SOURCE_DIR) + "/tests/golden/" + relative_path;
  const char* update = std::getenv("ROCMDOC_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << actual;
    return "";
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot read golden file " + path + " (ROCMDOC_UPDATE_GOLDEN=1 writes it)";
  std::stringstream buf;
  buf << in.rdbuf();
  std::string expected = buf.str();
  if (expected == actual) return "";
  std::istringstream e(expected), a(actual);
  std::string el, al;
  for (int line = 1;; ++line) {
    bool he = static_cast<bool>(std::getline(e, el));
    bool ha = static_cast<bool>(std::getline(a, al));
    if (!he && !ha) break;
    if (el != al || he != ha) {
      return path + ":" + std::to_string(line) + ": expected\n  " + (he ? el : "<end>") +
             "\nbut got\n  " + (ha ? al : "<end>");
    }
  }
  return path + ": differs (line endings or trailing bytes)";
}

}  // namespace rocm_doctor::testing
