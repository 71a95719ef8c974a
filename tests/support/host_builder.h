// SPDX-License-Identifier: MIT
#pragma once
// One builder for test hosts: lays a coherent machine onto a FakeSystemView the way the kernel
// and ROCm do (PCI functions with their driver links and DRM children, KFD topology nodes whose
// location_id is the function's bus/device/function, device nodes with their modes and groups,
// the amdgpu module, a ROCm tree with soname links, Python environments, users, mounts). Every
// area's fixture is a few calls of this; a new test says what its host has, not how sysfs spells
// it. The builder writes only what each call names, so a host has nothing a test did not ask for.
//
//   HostBuilder(view).Kernel("6.8.0-45-generic").KfdCpuNode(0).AmdGpu({.device_id = "0x74a1"})
//       .DevKfd().RenderNode(128).MachineUser(AliceInRender());
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "support/fake_system_view.h"
#include "support/sysfs_text.h"

namespace rocm_doctor::testing {

// One function under /sys/bus/pci/devices/<bdf>, as sysfs shows it (sysfs-bus-pci: "0x%04x\n"
// IDs, "%s PCIe\n" speeds, "%u\n" widths). A nullopt attribute is not written.
struct PciFunction {
  std::string bdf = "0000:03:00.0";
  std::string vendor = "0x1002";
  std::string device = "0x744c";
  std::optional<std::string> revision = "0xc8";
  std::string class_code = "0x030000";
  std::optional<std::string> driver = "amdgpu";  // nullopt: no driver bound (no link)
  std::optional<std::string> current_link_speed = "16.0 GT/s PCIe";
  std::optional<std::string> max_link_speed = "16.0 GT/s PCIe";
  std::optional<std::string> current_link_width = "16";
  std::optional<std::string> max_link_width = "16";
  std::optional<std::string> vram_total;      // mem_info_vram_total, e.g. "17163091968"
  std::optional<std::string> vis_vram_total;  // mem_info_vis_vram_total
  std::map<std::string, std::string> ras;     // "umc_err_count" -> "ue: 0\nce: 0\n"
  bool drm = true;  // device/drm/card<card_minor> and renderD<render_minor>
  std::optional<std::string> subsystem_vendor = "0x1da2";
  std::optional<std::string> subsystem_device = "0xe471";
  std::optional<std::string> numa_node = "-1";
  std::optional<int> card_minor = 0;  // nullopt: no card node (a render-only function)
  int render_minor = 128;
  // /sys/class/drm/renderD<minor>/device links back to the function, as drm_sysfs does.
  bool drm_class_link = false;

  std::string Dir() const { return "/sys/bus/pci/devices/" + bdf; }
  void Install(FakeSystemView& view) const;  // HostBuilder(view).Pci(*this)

  // Only vendor, device and class: what a host shows of a function no test looks into.
  static PciFunction Bare(std::string bdf, std::string vendor, std::string device,
                          std::string class_code);
};

// An AMD GPU the way amdgpu and amdkfd show one together: the PCI function (driver link, DRM
// render child and its /sys/class/drm link) and its KFD node (location_id from the bdf, the
// render minor, gfx_target_version from the GPU table when left 0).
struct AmdGpuSpec {
  std::string bdf = "0000:03:00.0";
  std::string device_id = "0x744c";
  std::string revision = "0x00";
  std::string class_code = "0x038000";
  std::string driver = "amdgpu";  // empty: no driver bound
  int render_minor = 128;         // 0: no DRM child
  std::uint64_t gfx_target_version = 0;  // 0: the GPU table's for (device_id, revision)
  int kfd_node = 1;                      // < 0: no KFD node (amdkfd did not take the GPU)
  std::uint64_t gpu_id = 0;
  std::uint64_t unique_id = 0;
  std::string kfd_name;  // nodes/<i>/name, e.g. "ip discovery"
  std::vector<std::string> io_links;
};

class HostBuilder {
 public:
  explicit HostBuilder(FakeSystemView& view) : view_(view) {}
  FakeSystemView& view() const { return view_; }

  // --- the distribution and its users
  HostBuilder& OsRelease(const std::string& id, const std::string& version_id,
                         const std::string& pretty_name);
  HostBuilder& Account(const std::string& name, std::uint32_t uid, std::uint32_t gid,
                       const std::string& home);  // an /etc/passwd line (replaces the name's)
  HostBuilder& Group(const std::string& name, std::uint32_t gid,
                     const std::vector<std::string>& members = {});  // an /etc/group line
  HostBuilder& MachineUser(UserInfo user);  // who the doctor runs as
  // The user who runs the doctor, with the /etc/passwd and /etc/group lines that agree with it.
  HostBuilder& LoginUser(const UserInfo& user);

  // --- the kernel
  HostBuilder& Kernel(const std::string& release, const std::string& version = "#1 SMP",
                      const std::string& machine = "x86_64");
  HostBuilder& Cmdline(const std::string& args);        // /proc/cmdline
  HostBuilder& ProcModules(const std::string& text);    // /proc/modules, as lsmod reads it
  HostBuilder& ModuleIndex(const std::string& release, const std::string& name,
                           const std::string& text);  // /lib/modules/<release>/<name>
  // /sys/module/amdgpu: initstate, version (only the DKMS driver has one), parameters/<name>.
  HostBuilder& AmdgpuModule(const std::string& initstate = "live",
                            const std::string& dkms_version = "",
                            const std::map<std::string, std::string>& parameters = {});

  // --- PCI, KFD and device nodes
  HostBuilder& Pci(const PciFunction& function);
  HostBuilder& AmdGpu(const AmdGpuSpec& gpu);
  HostBuilder& NvidiaGpu(const std::string& bdf = "0000:65:00.0",
                         const std::string& device = "0x2335");  // H200, 3D controller, no driver
  HostBuilder& KfdClass();                                       // /sys/class/kfd/kfd
  HostBuilder& KfdChardev(int generation_id = 2);  // kfd/dev "234:0" and topology/generation_id
  HostBuilder& KfdNode(int index, const std::string& properties,
                       const std::vector<std::string>& io_links = {}, const std::string& name = "",
                       std::uint64_t gpu_id = 0);
  HostBuilder& KfdCpuNode(int index = 0);  // the LACT phoenix CPU node
  HostBuilder& DevKfd(std::uint32_t mode = 0660, std::uint32_t gid = 110,
                      const std::string& group = "render");
  HostBuilder& RenderNode(int minor = 128, std::uint32_t mode = 0660, std::uint32_t gid = 110,
                          const std::string& group = "render");
  HostBuilder& CardNode(int minor = 0, std::uint32_t mode = 0660, std::uint32_t gid = 44,
                        const std::string& group = "video");
  HostBuilder& Executable(const std::string& path, std::uint32_t mode = 0755);

  // --- ROCm
  HostBuilder& RocmVersion(const std::string& release, const std::string& build = "66");
  // <dir>/<stem>.so.<full> (empty), <stem>.so.<soname> -> it and, with dev_link,
  // <stem>.so -> <stem>.so.<soname>: the links ldconfig and the -dev package make.
  HostBuilder& SharedLibrary(const std::string& dir, const std::string& stem,
                             const std::string& full, const std::string& soname,
                             bool dev_link = true);
  // /opt/rocm-<release>: .info/version, libamdhip64.so.<hip> and libhsa-runtime64.so.<hsa>.
  HostBuilder& RocmInstall(const std::string& release, const std::string& hip,
                           const std::string& hsa);
  HostBuilder& RocmLink(const std::string& target);  // /opt/rocm -> target
  HostBuilder& LdSoConf(const std::string& name, const std::string& dirs);  // ld.so.conf.d/<name>

  // --- Python and frameworks
  HostBuilder& SystemPython();  // Debian 12: /usr/bin/python3 3.11, dist-packages, PATH, HOME
  // An activated venv at `dir` (pyvenv.cfg home /usr/bin, `version`), site-packages present.
  HostBuilder& Venv(const std::string& dir, const std::string& version = "3.12.3");
  HostBuilder& DistInfo(const std::string& site, const std::string& dist,
                        const std::string& version);
  HostBuilder& Torch(const std::string& site, const std::string& version, const std::string& hip,
                     const std::string& cuda, const std::vector<std::string>& libs);

  // --- storage
  HostBuilder& MountInfo(const std::string& text);  // /proc/self/mountinfo
  // A whole disk (sda, nvme0n1) under `device_dir`, reached by /sys/dev/block and
  // /sys/class/block links into /sys/devices as the kernel makes them.
  HostBuilder& Disk(const std::string& device_dir, const std::string& name,
                    const std::string& majmin, int rotational);
  HostBuilder& Partition(const std::string& device_dir, const std::string& disk,
                         const std::string& part, const std::string& majmin);

 private:
  // Sets the line of `file` whose first ':'-field is `key` (appends when there is none).
  void PutColonRecord(const std::string& file, const std::string& key, const std::string& line);

  FakeSystemView& view_;
};

}  // namespace rocm_doctor::testing
