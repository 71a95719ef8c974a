// SPDX-License-Identifier: MIT
// CollectKernel and CollectKernelLog through a FakeSystemView.
#include <gtest/gtest.h>

#include "rocm_doctor/fact_store.h"
#include "support/fake_system_view.h"

namespace rocm_doctor::testing {
namespace {

constexpr const char* kSecureBoot =
    "/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c";

FakeSystemView Base() {
  FakeSystemView view;
  view.Kernel(UnameInfo{"Linux", "6.8.0-45-generic", "", "x86_64"});
  return view;
}

TEST(CollectKernel, ModuleStateLoadedDkms) {
  FakeSystemView view = Base();
  view.File("/proc/modules", "amdgpu 15433728 48 amdxcp, Live 0x0000000000000000 (OE)\n");
  view.File("/sys/module/amdgpu/initstate", "live\n");
  view.File("/sys/module/amdgpu/version", "6.10.5\n");
  view.File("/lib/modules/6.8.0-45-generic/modules.dep", "updates/dkms/amdgpu.ko.zst: x\n");
  KernelFacts k = CollectKernel(view);
  EXPECT_TRUE(*k.amdgpu_in_proc_modules);
  EXPECT_EQ(*k.amdgpu_module_state, "Live");
  EXPECT_EQ(*k.amdgpu_initstate, "live");
  EXPECT_EQ(*k.amdgpu_version, "6.10.5");
  EXPECT_TRUE(*k.amdgpu_module_dir);
  EXPECT_TRUE(*k.amdgpu_module_file);
  EXPECT_EQ(*k.amdgpu_module_path, "updates/dkms/amdgpu.ko.zst");
  EXPECT_EQ(k.amdgpu_module_path.source, "/lib/modules/6.8.0-45-generic/modules.dep");
}

TEST(CollectKernel, NotLoadedIsKnownFalseAndUnreadableIsUnknown) {
  FakeSystemView view = Base();
  view.File("/proc/modules", "snd 1 0 - Live 0x0\n");
  KernelFacts k = CollectKernel(view);
  ASSERT_TRUE(k.amdgpu_in_proc_modules.known());
  EXPECT_FALSE(*k.amdgpu_in_proc_modules);
  EXPECT_FALSE(*k.amdgpu_module_dir);
  EXPECT_FALSE(k.amdgpu_version.known());
  EXPECT_TRUE(k.amdgpu_version.error.empty());  // simply absent: the in-tree driver

  view.Unreadable("/proc/modules");
  k = CollectKernel(view);
  EXPECT_FALSE(k.amdgpu_in_proc_modules.known());
  EXPECT_NE(k.amdgpu_in_proc_modules.error.find("permission denied"), std::string::npos);
}

TEST(CollectKernel, BuiltInAndModuleFileWithoutModulesDep) {
  FakeSystemView view = Base();
  view.File("/lib/modules/6.8.0-45-generic/modules.builtin",
            "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko\n");
  view.File("/lib/modules/6.8.0-45-generic/kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.xz", "");
  KernelFacts k = CollectKernel(view);
  EXPECT_TRUE(*k.amdgpu_builtin);
  EXPECT_TRUE(*k.amdgpu_module_file);
  EXPECT_EQ(*k.amdgpu_module_path, "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko.xz");
}

TEST(CollectKernel, NoReleaseMeansModuleFilesUnknown) {
  FakeSystemView view;
  KernelFacts k = CollectKernel(view);
  EXPECT_FALSE(k.release.known());
  EXPECT_FALSE(k.amdgpu_module_file.known());
  EXPECT_FALSE(k.amdgpu_builtin.known());
}

TEST(CollectKernel, ReleaseFromOsreleaseWhenUnameIsEmpty) {
  FakeSystemView view;
  view.File("/proc/sys/kernel/osrelease", "6.12.0-1-amd64\n");
  EXPECT_EQ(*CollectKernel(view).release, "6.12.0-1-amd64");
}

TEST(CollectKernel, DkmsBuiltKernels) {
  FakeSystemView view = Base();
  view.Link("/var/lib/dkms/amdgpu/kernel-6.8.0-40-generic-x86_64", "6.8.5/6.8.0-40-generic/x86_64");
  view.Link("/var/lib/dkms/amdgpu/6.8.5/source", "/usr/src/amdgpu-6.8.5");
  view.File("/var/lib/dkms/amdgpu/6.8.5/6.8.0-40-generic/x86_64/module/amdgpu.ko.zst", "");
  view.File("/var/lib/dkms/amdgpu/6.8.5/6.8.0-45-generic/x86_64/log/make.log", "error\n");
  view.File("/var/lib/dkms/amdgpu/6.8.5/build/make.log", "error\n");
  KernelFacts k = CollectKernel(view);
  EXPECT_TRUE(*k.dkms_amdgpu_installed);
  EXPECT_EQ(k.dkms_versions, std::vector<std::string>{"6.8.5"});
  EXPECT_EQ(k.dkms_kernels_built, std::vector<std::string>{"6.8.0-40-generic"});
}

TEST(CollectKernel, NoDkms) {
  FakeSystemView view = Base();
  KernelFacts k = CollectKernel(view);
  ASSERT_TRUE(k.dkms_amdgpu_installed.known());
  EXPECT_FALSE(*k.dkms_amdgpu_installed);
}

struct SecureBootCase {
  const char* name;
  void (*setup)(FakeSystemView&);
  std::optional<bool> expected;  // nullopt: unknown
};

class CollectSecureBootTest : public ::testing::TestWithParam<SecureBootCase> {};

TEST_P(CollectSecureBootTest, State) {
  FakeSystemView view = Base();
  GetParam().setup(view);
  KernelFacts k = CollectKernel(view);
  if (GetParam().expected) {
    ASSERT_TRUE(k.secure_boot.known()) << k.secure_boot.error;
    EXPECT_EQ(*k.secure_boot, *GetParam().expected);
  } else {
    EXPECT_FALSE(k.secure_boot.known());
    EXPECT_FALSE(k.secure_boot.error.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, CollectSecureBootTest,
    ::testing::Values(
        SecureBootCase{
            "on", [](FakeSystemView& v) { v.File(kSecureBoot, std::string("\x06\0\0\0\x01", 5)); },
            true},
        SecureBootCase{
            "off", [](FakeSystemView& v) { v.File(kSecureBoot, std::string("\x06\0\0\0\0", 5)); },
            false},
        SecureBootCase{"short",
                       [](FakeSystemView& v) { v.File(kSecureBoot, std::string("\x06\0", 2)); },
                       std::nullopt},
        SecureBootCase{"garbage",
                       [](FakeSystemView& v) { v.File(kSecureBoot, "\xff\xff\xff\xff\xff"); },
                       std::nullopt},
        SecureBootCase{"denied", [](FakeSystemView& v) { v.Unreadable(kSecureBoot); },
                       std::nullopt},
        SecureBootCase{"efi_without_var",
                       [](FakeSystemView& v) {
                         v.File(
                             "/sys/firmware/efi/efivars/BootOrder-8be4df61-93ca-11d2-aa0d-"
                             "00e098032b8c",
                             std::string("\x07\0\0\0\x01\0", 6));
                       },
                       false},
        SecureBootCase{"legacy_bios", [](FakeSystemView& v) { v.Dir("/sys/firmware/acpi"); },
                       false},
        SecureBootCase{"masked_firmware", [](FakeSystemView& v) { v.Dir("/sys/firmware"); },
                       std::nullopt},
        SecureBootCase{"nothing", [](FakeSystemView&) {}, std::nullopt}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(CollectKernel, ModprobeErrorsAreKept) {
  FakeSystemView view = Base();
  view.Unreadable("/etc/modprobe.d/x.conf");
  view.File("/etc/modprobe.d/y.conf", "blacklist amdgpu\n");
  KernelFacts k = CollectKernel(view);
  ASSERT_EQ(k.modprobe_errors.size(), 1u);
  EXPECT_EQ(k.modprobe_errors[0].rfind("/etc/modprobe.d/x.conf: permission denied", 0), 0u);
  ASSERT_EQ(k.modprobe_blocks.size(), 1u);
  EXPECT_EQ(k.modprobe_blocks[0].file, "/etc/modprobe.d/y.conf");
}

TEST(CollectKernel, HugeModulesDepIsBounded) {
  FakeSystemView view = Base();
  std::string big(200000, 'x');
  view.File("/lib/modules/6.8.0-45-generic/modules.dep", big + "\nkernel/a/amdgpu.ko:\n");
  EXPECT_TRUE(*CollectKernel(view).amdgpu_module_file);
}

TEST(CollectKernelLog, States) {
  FakeSystemView view;
  KernelLogFacts f = CollectKernelLog(view);
  EXPECT_TRUE(f.not_recorded);
  EXPECT_FALSE(f.readable);

  KernelLog log;
  log.state = KernelLog::State::kUnreadable;
  log.error = "Operation not permitted";
  view.Log(log);
  f = CollectKernelLog(view);
  EXPECT_FALSE(f.readable);
  EXPECT_FALSE(f.not_recorded);
  EXPECT_EQ(f.error, "Operation not permitted");

  log.state = KernelLog::State::kOk;
  log.source = "dmesg";
  log.lines = {"amdgpu 0000:03:00.0: amdgpu: Fatal error during GPU init", "hello", ""};
  view.Log(log);
  f = CollectKernelLog(view);
  EXPECT_TRUE(f.readable);
  EXPECT_EQ(f.line_count, 3u);
  ASSERT_EQ(f.events.size(), 1u);
  EXPECT_EQ(f.events[0].bdf, "0000:03:00.0");
}

}  // namespace
}  // namespace rocm_doctor::testing
