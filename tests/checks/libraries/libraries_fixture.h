#pragma once
// Builders for libraries-layer check tests: a ROCm 6.2.0 install under /opt/rocm-6.2.0 with a
// HIP runtime, and one GPU in KFD topology.
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "checks/platform/platform_fixture.h"
#include "support/fake_system_view.h"

namespace rocm_doctor::testing {

// FakeSystemView answers ListDir of an Unreadable() path as not found; this one refuses listed
// directories with EACCES, as a directory without r/x permission does.
class DeniedDirsView : public FakeSystemView {
 public:
  DeniedDirsView& DenyList(std::string path) {
    Dir(path);
    denied_.insert(std::move(path));
    return *this;
  }
  DirListing ListDir(std::string_view path) const override {
    if (denied_.count(std::string(path)) == 0) return FakeSystemView::ListDir(path);
    DirListing out;
    out.status = FsStatus::kPermissionDenied;
    out.error = "Permission denied";
    return out;
  }

 private:
  std::set<std::string> denied_;
};

inline constexpr char kRocmLib[] = "/opt/rocm-6.2.0/lib";

inline std::string LibFixture(const std::string& name) {
  std::ifstream in(std::string(ROCMDOC_SOURCE_DIR) + "/tests/fixtures/libraries/" + name,
                   std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

inline std::string InLib(const std::string& name) { return std::string(kRocmLib) + "/" + name; }

// ROCm 6.2.0 with HIP and one GPU node of `gfx_target_version` (90010 = gfx90a,
// 100301 = gfx1031).
inline std::shared_ptr<DeniedDirsView> RocmHost(std::uint64_t gfx_target_version) {
  auto view = std::make_shared<DeniedDirsView>();
  view->Link("/opt/rocm", "rocm-6.2.0");
  view->File("/opt/rocm-6.2.0/.info/version", "6.2.0-66\n");
  view->File(InLib("libamdhip64.so.6.2.60200"), "");
  view->Link(InLib("libamdhip64.so.6"), "libamdhip64.so.6.2.60200");
  view->Link(InLib("libamdhip64.so"), "libamdhip64.so.6");
  view->Dir("/sys/class/kfd/kfd");
  AddKfdCpuNode(*view, 0);
  AddKfdNode(*view, 1, GpuProperties(gfx_target_version, 29695, 0x0300, 128));
  return view;
}

inline void AddRocblas(FakeSystemView& view, std::initializer_list<const char*> tensile_files) {
  view.File(InLib("librocblas.so.4.2.60200"), "");
  view.Link(InLib("librocblas.so.4"), "librocblas.so.4.2.60200");
  for (const char* f : tensile_files) view.File(InLib("rocblas/library/") + f, "");
}

}  // namespace rocm_doctor::testing
