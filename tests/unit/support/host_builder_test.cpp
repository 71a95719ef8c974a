// SPDX-License-Identifier: MIT
// HostBuilder lays down hosts that the real collectors read back as one coherent machine: the
// PCI function, its KFD node and its render node name the same device, the GPU table supplies
// the gfx target, and users, os-release, kernel and ROCm files read as the kernel and packages
// write them.
#include <gtest/gtest.h>

#include "rocm_doctor/fact_store.h"
#include "rocm_doctor/facts/host.h"
#include "rocm_doctor/facts/kernel_facts.h"
#include "support/host_builder.h"

namespace rocm_doctor::testing {
namespace {

TEST(HostBuilder, AnAmdGpuIsOneDeviceInPciKfdAndDri) {
  FakeSystemView view;
  // gfx_target_version left 0: the GPU table's row for 1002:74a1 rev 00 (MI300X) gives gfx942.
  HostBuilder(view)
      .KfdChardev()
      .KfdCpuNode(0)
      .AmdGpu({.bdf = "0000:c1:00.0", .device_id = "0x74a1", .gpu_id = 7})
      .DevKfd()
      .RenderNode(128);

  const PciInventory pci = CollectPci(view);
  ASSERT_EQ(pci.AmdGpus().size(), 1u);
  const PciDevice& dev = *pci.AmdGpus()[0];
  EXPECT_EQ(dev.bdf, "0000:c1:00.0");
  ASSERT_TRUE(dev.driver.known());
  EXPECT_EQ(*dev.driver, "amdgpu");
  EXPECT_EQ(dev.render_nodes, std::vector<std::string>{"renderD128"});

  const KfdTopology kfd = CollectKfd(view);
  ASSERT_TRUE(kfd.kfd_class_present);
  ASSERT_EQ(kfd.GpuNodes().size(), 1u);
  const KfdNode& node = *kfd.GpuNodes()[0];
  EXPECT_EQ(node.GfxTarget(), "gfx942");
  EXPECT_EQ(node.PciBdf(), "0000:c1:00.0");
  EXPECT_EQ(node.Get("drm_render_minor"), 128u);
  ASSERT_TRUE(node.gpu_id.known());
  EXPECT_EQ(*node.gpu_id, 7u);

  const DeviceNodeFacts nodes = CollectDeviceNodes(view);
  EXPECT_TRUE(nodes.kfd.info.ok());
  ASSERT_EQ(nodes.render_nodes.size(), 1u);
  EXPECT_EQ(nodes.render_nodes[0].bdf, "0000:c1:00.0");
  EXPECT_TRUE(nodes.render_nodes[0].access.info.ok());
}

TEST(HostBuilder, EachGpuKeepsItsOwnNodeMinorAndTableGfxDgpuAndApu) {
  FakeSystemView view;
  HostBuilder(view)
      .KfdCpuNode(0)
      .AmdGpu({.bdf = "0000:03:00.0", .device_id = "0x744c", .revision = "0xc8"})  // RX 7900 XTX
      .AmdGpu({.bdf = "0000:43:00.0", .device_id = "0x738c", .revision = "0x01",    // MI100
               .render_minor = 129, .kfd_node = 2})
      // A Radeon 780M APU, revision 0xdd as in the LACT phoenix capture (the table's family row).
      .AmdGpu({.bdf = "0000:64:00.0", .device_id = "0x15bf", .revision = "0xdd",
               .class_code = "0x030000", .render_minor = 130, .kfd_node = 3})
      .NvidiaGpu();
  const KfdTopology kfd = CollectKfd(view);
  ASSERT_GE(kfd.GpuNodes().size(), 2u);
  EXPECT_EQ(kfd.GpuNodes()[0]->GfxTarget(), "gfx1100");
  EXPECT_EQ(kfd.GpuNodes()[0]->PciBdf(), "0000:03:00.0");
  EXPECT_EQ(kfd.GpuNodes()[1]->GfxTarget(), "gfx908");
  EXPECT_EQ(kfd.GpuNodes()[1]->PciBdf(), "0000:43:00.0");
  EXPECT_EQ(kfd.GpuNodes()[1]->Get("drm_render_minor"), 129u);
  ASSERT_EQ(kfd.GpuNodes().size(), 3u);
  EXPECT_EQ(kfd.GpuNodes()[2]->GfxTarget(), "gfx1103");
  EXPECT_EQ(kfd.GpuNodes()[2]->PciBdf(), "0000:64:00.0");

  const PciInventory pci = CollectPci(view);
  ASSERT_EQ(pci.devices.size(), 4u);
  EXPECT_EQ(pci.AmdGpus().size(), 3u);
  const PciDevice& nvidia = pci.devices[3];
  EXPECT_EQ(nvidia.bdf, "0000:65:00.0");
  EXPECT_FALSE(nvidia.IsAmd());
  ASSERT_TRUE(nvidia.driver.known());
  EXPECT_EQ(*nvidia.driver, "");  // no driver bound: no link
}

TEST(HostBuilder, AGpuAmdkfdDidNotTakeHasNoKfdNode) {
  FakeSystemView view;
  HostBuilder(view).AmdGpu({.driver = "", .render_minor = 0, .kfd_node = -1});
  EXPECT_FALSE(CollectKfd(view).present);
  const PciInventory pci = CollectPci(view);
  ASSERT_EQ(pci.AmdGpus().size(), 1u);
  EXPECT_TRUE(pci.AmdGpus()[0]->render_nodes.empty());
  EXPECT_EQ(*pci.AmdGpus()[0]->driver, "");
}

// The usermod -aG story: /etc/group lists alice in render, the running session lacks the gid.
TEST(HostBuilder, LoginUserWritesTheAccountsTheCollectorsRead) {
  FakeSystemView view;
  const UserInfo in_render =
      MakeUser("alice", 1000, {{"alice", 1000}, {"render", 110}, {"video", 44}});
  HostBuilder host(view);
  host.Group("root", 0).LoginUser(in_render).DevKfd();
  EXPECT_EQ(view.ReadFile("/etc/passwd", 4096).data, "alice:x:1000:1000::/home/alice:/bin/bash\n");
  EXPECT_EQ(view.ReadFile("/etc/group", 4096).data,
            "root:x:0:\nalice:x:1000:\nrender:x:110:alice\nvideo:x:44:alice\n");
  EXPECT_TRUE(CollectDeviceNodes(view).kfd.read_write);

  host.MachineUser(MakeUser("alice", 1000, {{"alice", 1000}}));  // logged in before usermod
  const NodeAccess kfd = CollectDeviceNodes(view).kfd;
  EXPECT_FALSE(kfd.read_write);
  EXPECT_TRUE(kfd.group_membership_pending);
}

TEST(HostBuilder, AGroupLineIsReplacedNotRepeated) {
  FakeSystemView view;
  HostBuilder(view).Group("render", 110).Group("video", 44).Group("render", 110, {"bob", "eve"});
  EXPECT_EQ(view.ReadFile("/etc/group", 4096).data, "render:x:110:bob,eve\nvideo:x:44:\n");
}

TEST(HostBuilder, KernelOsAndAmdgpuModuleReadAsTheKernelWritesThem) {
  FakeSystemView view;
  HostBuilder(view)
      .OsRelease("ubuntu", "24.04", "Ubuntu 24.04.1 LTS")
      .Kernel("6.8.0-45-generic", "#45-Ubuntu")
      .Cmdline("BOOT_IMAGE=/vmlinuz root=UUID=1 ro amdgpu.runpm=0")
      .ProcModules("amdgpu 12836864 48 - Live 0x0000000000000000\n")
      .AmdgpuModule("live", "6.8.5", {{"runpm", "0"}});
  const HostFacts host = CollectHost(view);
  EXPECT_EQ(*host.os_id, "ubuntu");
  EXPECT_EQ(*host.os_version_id, "24.04");
  EXPECT_EQ(*host.os_pretty_name, "Ubuntu 24.04.1 LTS");
  const KernelFacts kernel = CollectKernel(view);
  EXPECT_EQ(*kernel.release, "6.8.0-45-generic");
  EXPECT_EQ(kernel.cmdline_amdgpu_params, std::vector<std::string>{"amdgpu.runpm=0"});
  EXPECT_TRUE(*kernel.amdgpu_in_proc_modules);
  EXPECT_EQ(*kernel.amdgpu_initstate, "live");
  EXPECT_EQ(*kernel.amdgpu_version, "6.8.5");
  EXPECT_EQ(view.ReadFile("/sys/module/amdgpu/parameters/runpm", 64).data, "0\n");
}

TEST(HostBuilder, RocmInstallHasTheSonameAndDevLinksOfThePackages) {
  FakeSystemView view;
  HostBuilder(view).RocmInstall("6.2.0", "6.2.60200", "1.14.60200").RocmLink("rocm-6.2.0");
  const std::string lib = "/opt/rocm-6.2.0/lib/";
  EXPECT_EQ(view.ReadFile("/opt/rocm-6.2.0/.info/version", 64).data, "6.2.0-66\n");
  EXPECT_TRUE(view.ReadFile(lib + "libamdhip64.so.6.2.60200", 64).ok());
  EXPECT_EQ(view.ReadLink(lib + "libamdhip64.so.6").target, "libamdhip64.so.6.2.60200");
  EXPECT_EQ(view.ReadLink(lib + "libamdhip64.so").target, "libamdhip64.so.6");
  EXPECT_EQ(view.ReadLink(lib + "libhsa-runtime64.so.1").target, "libhsa-runtime64.so.1.14.60200");
  EXPECT_EQ(view.ReadLink(lib + "libhsa-runtime64.so").target, "libhsa-runtime64.so.1");
  EXPECT_EQ(view.ReadLink("/opt/rocm").target, "rocm-6.2.0");
}

TEST(HostBuilder, AVenvIsActivatedWithItsSitePackages) {
  FakeSystemView view;
  const std::string site = "/home/alice/sd/lib/python3.11/site-packages";
  HostBuilder(view).Venv("/home/alice/sd", "3.11.9").Torch(site, "2.4.1+rocm6.1", "6.1.40091", "",
                                                           {"libamdhip64.so"});
  EXPECT_EQ(*view.GetEnv("VIRTUAL_ENV"), "/home/alice/sd");
  EXPECT_EQ(view.GetEnv("PATH")->rfind("/home/alice/sd/bin:", 0), 0u);
  EXPECT_NE(view.ReadFile("/home/alice/sd/pyvenv.cfg", 256).data.find("version = 3.11.9\n"),
            std::string::npos);
  EXPECT_NE(view.ReadFile(site + "/torch/version.py", 4096).data.find("hip: Optional[str] = "
                                                                      "'6.1.40091'"),
            std::string::npos);
  EXPECT_TRUE(view.ReadFile(site + "/torch-2.4.1+rocm6.1.dist-info/METADATA", 4096).ok());
  EXPECT_TRUE(view.ReadFile(site + "/torch/lib/libamdhip64.so", 64).ok());
}

TEST(HostBuilder, DiskAndPartitionAreReachedThroughDevBlockLinks) {
  FakeSystemView view;
  const std::string pci = "/sys/devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0";
  HostBuilder(view).Disk(pci, "nvme0n1", "259:0", 0).Partition(pci, "nvme0n1", "nvme0n1p1",
                                                                 "259:1");
  EXPECT_EQ(view.ReadLink("/sys/dev/block/259:0").target,
            "../../devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/block/nvme0n1");
  EXPECT_EQ(view.ReadLink("/sys/class/block/nvme0n1p1").target,
            "../../devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/block/nvme0n1/"
            "nvme0n1p1");
  EXPECT_EQ(view.ReadFile(pci + "/block/nvme0n1/queue/rotational", 8).data, "0\n");
}

}  // namespace
}  // namespace rocm_doctor::testing
