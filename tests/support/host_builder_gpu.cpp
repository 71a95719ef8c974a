// SPDX-License-Identifier: MIT
// HostBuilder: PCI functions, KFD topology, device nodes and the ROCm tree.
#include <string>
#include <utility>

#include "rocm_doctor/facts/gpu_table.h"
#include "support/host_builder.h"

namespace rocm_doctor::testing {

void PciFunction::Install(FakeSystemView& view) const { HostBuilder(view).Pci(*this); }

PciFunction PciFunction::Bare(std::string bdf, std::string vendor, std::string device,
                              std::string class_code) {
  PciFunction f;
  f.bdf = std::move(bdf);
  f.vendor = std::move(vendor);
  f.device = std::move(device);
  f.class_code = std::move(class_code);
  f.revision = f.driver = f.current_link_speed = f.max_link_speed = std::nullopt;
  f.current_link_width = f.max_link_width = std::nullopt;
  f.subsystem_vendor = f.subsystem_device = f.numa_node = std::nullopt;
  f.drm = false;
  return f;
}

HostBuilder& HostBuilder::Pci(const PciFunction& f) {
  const std::string dir = f.Dir();
  view_.File(dir + "/vendor", f.vendor + "\n")
      .File(dir + "/device", f.device + "\n")
      .File(dir + "/class", f.class_code + "\n");
  // The attributes a function may lack (a nullopt one is not written).
  const std::pair<const char*, const std::optional<std::string>*> optional_attributes[] = {
      {"subsystem_vendor", &f.subsystem_vendor},     {"subsystem_device", &f.subsystem_device},
      {"revision", &f.revision},                     {"numa_node", &f.numa_node},
      {"current_link_speed", &f.current_link_speed}, {"max_link_speed", &f.max_link_speed},
      {"current_link_width", &f.current_link_width}, {"max_link_width", &f.max_link_width},
      {"mem_info_vram_total", &f.vram_total},        {"mem_info_vis_vram_total", &f.vis_vram_total}};
  for (const auto& [name, value] : optional_attributes) {
    if (*value) view_.File(dir + "/" + name, **value + "\n");
  }
  // sysfs's driver link is relative to /sys/bus/pci/devices/<bdf>, which itself is a link into
  // /sys/devices: "../../../bus/pci/drivers/<name>" is what readlink(2) answers.
  if (f.driver) view_.Link(dir + "/driver", "../../../bus/pci/drivers/" + *f.driver);
  for (const auto& [name, content] : f.ras) view_.File(dir + "/ras/" + name, content);
  if (f.drm) {
    if (f.card_minor) view_.Dir(dir + "/drm/card" + std::to_string(*f.card_minor));
    const std::string render = "renderD" + std::to_string(f.render_minor);
    view_.Dir(dir + "/drm/" + render);
    if (f.drm_class_link) view_.Link("/sys/class/drm/" + render + "/device", "../../../" + f.bdf);
  }
  return *this;
}

namespace {

// KFD's gfx_target_version for the GPU table's row of (device, revision); 0 when unknown.
std::uint64_t TableGfxVersion(const std::string& device_id, const std::string& revision) {
  const auto device = static_cast<std::uint16_t>(std::stoul(device_id, nullptr, 16));
  std::optional<std::uint8_t> rev;
  if (!revision.empty()) rev = static_cast<std::uint8_t>(std::stoul(revision, nullptr, 16));
  const GpuModel* model = GpuTable::Builtin().Find(device, rev);
  if (model == nullptr || model->gfx_target_version.empty()) return 0;
  return std::stoull(model->gfx_target_version);
}

}  // namespace

HostBuilder& HostBuilder::AmdGpu(const AmdGpuSpec& gpu) {
  PciFunction f = PciFunction::Bare(gpu.bdf, "0x1002", gpu.device_id, gpu.class_code);
  f.revision = gpu.revision;
  if (!gpu.driver.empty()) f.driver = gpu.driver;
  f.drm = gpu.render_minor > 0;
  f.card_minor = std::nullopt;
  f.render_minor = gpu.render_minor;
  f.drm_class_link = true;
  Pci(f);
  if (gpu.kfd_node < 0) return *this;
  const std::uint64_t gfx = gpu.gfx_target_version != 0
                                ? gpu.gfx_target_version
                                : TableGfxVersion(gpu.device_id, gpu.revision);
  const auto minor = static_cast<std::uint64_t>(gpu.render_minor > 0 ? gpu.render_minor : 0);
  return KfdNode(gpu.kfd_node,
                 GpuProperties(gfx, std::stoul(gpu.device_id, nullptr, 16), LocationId(gpu.bdf),
                               minor, gpu.unique_id),
                 gpu.io_links, gpu.kfd_name, gpu.gpu_id);
}

HostBuilder& HostBuilder::NvidiaGpu(const std::string& bdf, const std::string& device) {
  return Pci(PciFunction::Bare(bdf, "0x10de", device, "0x030200"));
}

HostBuilder& HostBuilder::KfdClass() {
  view_.Dir("/sys/class/kfd/kfd");
  return *this;
}

HostBuilder& HostBuilder::KfdChardev(int generation_id) {
  KfdClass();
  view_.File("/sys/class/kfd/kfd/dev", "234:0\n");
  view_.File(std::string(kTopo) + "/generation_id", std::to_string(generation_id) + "\n");
  return *this;
}

HostBuilder& HostBuilder::KfdNode(int index, const std::string& properties,
                                  const std::vector<std::string>& io_links,
                                  const std::string& name, std::uint64_t gpu_id) {
  const std::string dir = std::string(kTopo) + "/nodes/" + std::to_string(index);
  view_.File(dir + "/properties", properties);
  view_.File(dir + "/name", name + "\n");
  view_.File(dir + "/gpu_id", std::to_string(gpu_id) + "\n");
  for (std::size_t i = 0; i < io_links.size(); ++i) {
    view_.File(dir + "/io_links/" + std::to_string(i) + "/properties", io_links[i]);
  }
  return *this;
}

HostBuilder& HostBuilder::KfdCpuNode(int index) { return KfdNode(index, kPhoenixCpuProperties); }

HostBuilder& HostBuilder::DevKfd(std::uint32_t mode, std::uint32_t gid, const std::string& group) {
  view_.Node("/dev/kfd", KfdNodeInfo(mode, gid, group));
  return *this;
}

HostBuilder& HostBuilder::RenderNode(int minor, std::uint32_t mode, std::uint32_t gid,
                                     const std::string& group) {
  view_.Node("/dev/dri/renderD" + std::to_string(minor),
             CharNode(mode, 0, gid, "root", group, 226, static_cast<std::uint32_t>(minor)));
  return *this;
}

HostBuilder& HostBuilder::CardNode(int minor, std::uint32_t mode, std::uint32_t gid,
                                   const std::string& group) {
  view_.Node("/dev/dri/card" + std::to_string(minor),
             CharNode(mode, 0, gid, "root", group, 226, static_cast<std::uint32_t>(minor)));
  return *this;
}

HostBuilder& HostBuilder::Executable(const std::string& path, std::uint32_t mode) {
  NodeInfo node;  // a regular file; FakeSystemView's plain files are 0644
  node.type = NodeType::kRegular;
  node.mode = mode;
  view_.Node(path, node);
  return *this;
}

HostBuilder& HostBuilder::RocmVersion(const std::string& release, const std::string& build) {
  view_.File("/opt/rocm-" + release + "/.info/version", release + "-" + build + "\n");
  return *this;
}

HostBuilder& HostBuilder::SharedLibrary(const std::string& dir, const std::string& stem,
                                        const std::string& full, const std::string& soname,
                                        bool dev_link) {
  view_.File(dir + "/" + stem + ".so." + full, "");
  view_.Link(dir + "/" + stem + ".so." + soname, stem + ".so." + full);
  if (dev_link) view_.Link(dir + "/" + stem + ".so", stem + ".so." + soname);
  return *this;
}

HostBuilder& HostBuilder::RocmInstall(const std::string& release, const std::string& hip,
                                      const std::string& hsa) {
  const std::string lib = "/opt/rocm-" + release + "/lib";
  // HIP's soname is its major (libamdhip64.so.6); the HSA runtime's has stayed 1 since ROCm 1.x.
  return RocmVersion(release)
      .SharedLibrary(lib, "libamdhip64", hip, hip.substr(0, hip.find('.')))
      .SharedLibrary(lib, "libhsa-runtime64", hsa, "1");
}

HostBuilder& HostBuilder::RocmLink(const std::string& target) {
  view_.Link("/opt/rocm", target);
  return *this;
}

HostBuilder& HostBuilder::LdSoConf(const std::string& name, const std::string& dirs) {
  view_.File("/etc/ld.so.conf", "include /etc/ld.so.conf.d/*.conf\n");
  view_.File("/etc/ld.so.conf.d/" + name, dirs);
  return *this;
}

}  // namespace rocm_doctor::testing
