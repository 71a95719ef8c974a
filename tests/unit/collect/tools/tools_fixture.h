#pragma once
// Executables and dpkg records in a FakeSystemView, for the tool inventory's tests.
#include <string>

#include "support/fake_system_view.h"

namespace rocm_doctor::testing {

// A regular file with mode 0755 at `path` (FakeSystemView's plain files are 0644).
inline void Executable(FakeSystemView& view, const std::string& path, unsigned mode = 0755) {
  NodeInfo node;
  node.type = NodeType::kRegular;
  node.mode = mode;
  view.Node(path, node);
}

// A ROCm release under /opt/rocm-<release> with its .info/version.
inline void OptRocm(FakeSystemView& view, const std::string& release) {
  view.File("/opt/rocm-" + release + "/.info/version", release + "-66\n");
}

}  // namespace rocm_doctor::testing
