// SPDX-License-Identifier: MIT
// CollectKernel's module choice: which amdgpu file depmod ranks first, which copy is loaded, and
// the dpkg state and build log of amdgpu-dkms.
#include <gtest/gtest.h>

#include "rocm_doctor/fact_store.h"
#include "support/fake_system_view.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kRoot[] = "/lib/modules/6.14.0-29-generic/";
constexpr char kInTree[] = "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.zst";
constexpr char kDkms[] = "updates/dkms/amdgpu.ko.zst";

FakeSystemView BothCopies() {
  FakeSystemView view;
  view.Kernel(UnameInfo{"Linux", "6.14.0-29-generic", "", "x86_64"});
  view.File(std::string(kRoot) + kInTree, "");
  view.File(std::string(kRoot) + kDkms, "");
  return view;
}

TEST(CollectModuleChoice, WithoutModulesDepTheDkmsCopyInUpdatesWins) {
  // Before: the fallback looked in kernel/drivers first and named the in-tree file, which
  // modprobe does not load while updates/dkms holds one.
  FakeSystemView view = BothCopies();
  view.File("/etc/depmod.d/ubuntu.conf", "search updates ubuntu built-in\n");
  KernelFacts k = CollectKernel(view);
  EXPECT_EQ(k.amdgpu_module_files.size(), 2u);
  EXPECT_EQ(*k.depmod_search, "updates ubuntu built-in");
  EXPECT_EQ(k.depmod_search.source, "/etc/depmod.d/ubuntu.conf");
  EXPECT_EQ(*k.amdgpu_module_choice, kDkms);
  EXPECT_EQ(*k.amdgpu_module_path, kDkms);
  EXPECT_NE(k.amdgpu_module_choice.source.find("search updates ubuntu built-in"),
            std::string::npos)
      << k.amdgpu_module_choice.source;
}

TEST(CollectModuleChoice, ModulesDepStaysDepmodsRecord) {
  FakeSystemView view = BothCopies();
  view.File(std::string(kRoot) + "modules.dep", std::string(kInTree) + ":\n");
  KernelFacts k = CollectKernel(view);
  EXPECT_EQ(*k.amdgpu_module_path, kInTree);  // what modprobe reads
  EXPECT_EQ(*k.amdgpu_module_choice, kDkms);  // what depmod would pick now (kmod default)
}

TEST(CollectModuleChoice, EtcHidesTheSameFileNameInLib) {
  FakeSystemView view = BothCopies();
  view.File("/lib/depmod.d/local.conf", "search updates built-in\n");
  view.File("/etc/depmod.d/local.conf", "search built-in updates\n");
  view.File("/usr/lib/depmod.d/.hidden.conf", "search updates\n");
  view.File("/usr/lib/depmod.d/notes.txt", "search updates\n");
  KernelFacts k = CollectKernel(view);
  EXPECT_EQ(*k.depmod_search, "built-in updates");
  EXPECT_EQ(*k.amdgpu_module_choice, kInTree);
}

TEST(CollectModuleChoice, LoadedFlavourFromHelperModulesOrVersionFile) {
  FakeSystemView view = BothCopies();
  // lsmod of ROCm/ROCm#5624: amdgpu-dkms's own ttm, kcl and scheduler beside amdgpu.
  view.File("/proc/modules",
            "amdgpu 20152320 0 - Live 0x0\namdttm 135168 2 amdgpu, Live 0x0\n"
            "amdkcl 32768 4 amd_sched,amdttm,amddrm_exec,amdgpu, Live 0x0\n");
  KernelFacts k = CollectKernel(view);
  EXPECT_EQ(*k.amdgpu_loaded_flavour, "dkms");
  EXPECT_EQ(k.dkms_helper_modules, (std::vector<std::string>{"amdkcl", "amdttm"}));

  view.File("/proc/modules", "amdgpu 12947456 26 - Live 0x0\n");
  k = CollectKernel(view);
  EXPECT_EQ(*k.amdgpu_loaded_flavour, "in-tree");
  view.File("/sys/module/amdgpu/version", "6.14.14\n");
  k = CollectKernel(view);
  EXPECT_EQ(*k.amdgpu_loaded_flavour, "dkms");

  FakeSystemView none = BothCopies();
  k = CollectKernel(none);
  EXPECT_FALSE(k.amdgpu_loaded_flavour.known());
}

TEST(CollectModuleChoice, DpkgStateAndBuildLog) {
  FakeSystemView view = BothCopies();
  view.File("/var/lib/dpkg/status",
            "Package: amdgpu-dkms\nStatus: install ok half-configured\n"
            "Version: 1:6.8.5.60200-2009582.24.04\n\n");
  view.Dir("/var/lib/dkms/amdgpu/6.8.5-2009582.24.04/source");
  view.File("/var/lib/dkms/amdgpu/6.8.5-2009582.24.04/build/make.log", "error\n");
  KernelFacts k = CollectKernel(view);
  EXPECT_EQ(*k.dkms_package, "amdgpu-dkms 1:6.8.5.60200-2009582.24.04");
  EXPECT_EQ(*k.dkms_package_status, "install ok half-configured");
  EXPECT_EQ(k.dkms_build_logs,
            std::vector<std::string>{"/var/lib/dkms/amdgpu/6.8.5-2009582.24.04/build/make.log"});

  FakeSystemView bare;
  bare.Kernel(UnameInfo{"Linux", "6.14.0-29-generic", "", "x86_64"});
  k = CollectKernel(bare);
  EXPECT_FALSE(k.dkms_package.known());
  EXPECT_FALSE(k.dkms_package.error.empty());
  EXPECT_TRUE(k.amdgpu_module_files.empty());
  EXPECT_FALSE(k.amdgpu_module_choice.known());
  EXPECT_TRUE(k.amdgpu_module_choice.error.empty());  // known absent, not unreadable
}

TEST(CollectModuleChoice, HostileTreeIsBounded) {
  FakeSystemView view = BothCopies();
  for (int i = 0; i < 2000; ++i) {
    view.File(std::string(kRoot) + "updates/d" + std::to_string(i) + "/amdgpu.ko", "");
  }
  view.Link(std::string(kRoot) + "updates/loop", ".");
  KernelFacts k = CollectKernel(view);
  EXPECT_LE(k.amdgpu_module_files.size(), 16u);
}

}  // namespace
}  // namespace rocm_doctor::testing
