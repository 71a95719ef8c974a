#include "checks/platform/platform_fixture.h"

namespace rocm_doctor::testing {

std::string IoLink(int type, int from, int to, std::uint32_t flags, std::uint64_t bandwidth) {
  return "type " + std::to_string(type) + "\nversion_major 0\nversion_minor 0\nnode_from " +
         std::to_string(from) + "\nnode_to " + std::to_string(to) +
         "\nweight 20\nmin_latency 0\nmax_latency 0\nmin_bandwidth 0\nmax_bandwidth " +
         std::to_string(bandwidth) +
         "\nrecommended_transfer_size 0\nrecommended_sdma_engine_id_mask 1\nflags " +
         std::to_string(flags) + "\n";
}

std::string GpuProperties(std::uint64_t gfx_target_version, std::uint64_t device_id,
                          std::uint64_t location_id, std::uint64_t render_minor,
                          std::uint64_t unique_id, std::uint64_t domain) {
  return "cpu_cores_count 0\nsimd_count 152\nmem_banks_count 1\nsimd_per_cu 4\n"
         "gfx_target_version " +
         std::to_string(gfx_target_version) + "\nvendor_id 4098\ndevice_id " +
         std::to_string(device_id) + "\nlocation_id " + std::to_string(location_id) + "\ndomain " +
         std::to_string(domain) + "\ndrm_render_minor " + std::to_string(render_minor) +
         "\nunique_id " + std::to_string(unique_id) + "\nnum_xcc 1\n";
}

void AddKfdNode(FakeSystemView& view, int index, const std::string& properties,
                const std::vector<std::string>& io_links, const std::string& name,
                std::uint64_t gpu_id) {
  std::string dir = std::string(kTopo) + "/nodes/" + std::to_string(index);
  view.File(dir + "/properties", properties);
  view.File(dir + "/name", name + "\n");
  view.File(dir + "/gpu_id", std::to_string(gpu_id) + "\n");
  for (std::size_t i = 0; i < io_links.size(); ++i) {
    view.File(dir + "/io_links/" + std::to_string(i) + "/properties", io_links[i]);
  }
}

void AddKfdCpuNode(FakeSystemView& view, int index) {
  AddKfdNode(view, index, kPhoenixCpuProperties);
}

void AddAmdGpu(FakeSystemView& view, const std::string& bdf, const std::string& device_id,
               const std::string& driver, int render_minor) {
  std::string dir = "/sys/bus/pci/devices/" + bdf;
  view.File(dir + "/vendor", "0x1002\n");
  view.File(dir + "/device", device_id + "\n");
  view.File(dir + "/class", "0x038000\n");
  view.File(dir + "/revision", "0x00\n");
  if (!driver.empty()) view.Link(dir + "/driver", "../../../bus/pci/drivers/" + driver);
  if (render_minor > 0) {
    std::string render = "renderD" + std::to_string(render_minor);
    view.Dir(dir + "/drm/" + render);
    view.Link("/sys/class/drm/" + render + "/device", "../../../" + bdf);
  }
}

NodeInfo CharNode(std::uint32_t mode, std::uint32_t uid, std::uint32_t gid, std::string owner,
                  std::string group, std::uint32_t major, std::uint32_t minor) {
  NodeInfo info;
  info.status = FsStatus::kOk;
  info.type = NodeType::kCharDevice;
  info.mode = mode;
  info.uid = uid;
  info.gid = gid;
  info.owner = std::move(owner);
  info.group = std::move(group);
  info.major = major;
  info.minor = minor;
  return info;
}

UserInfo MakeUser(std::string name, std::uint32_t uid, std::vector<GroupRef> groups) {
  UserInfo user;
  user.name = std::move(name);
  user.uid = uid;
  user.gid = groups.empty() || !groups.front().gid ? uid : *groups.front().gid;
  user.groups = std::move(groups);
  user.source = "test";
  return user;
}

std::shared_ptr<FakeSystemView> HealthyMi300xHost() {
  auto view = std::make_shared<FakeSystemView>();
  AddAmdGpu(*view, "0000:c1:00.0", "0x74a1");
  view->Dir("/sys/class/kfd/kfd");
  view->File("/sys/class/kfd/kfd/dev", "234:0\n");
  view->File(std::string(kTopo) + "/generation_id", "2\n");
  AddKfdCpuNode(*view, 0);
  // location_id 0xc100 = c1:00.0
  AddKfdNode(*view, 1, GpuProperties(90402, 29857, 0xc100, 128, 16404946649897475633ull),
             {IoLink(2, 1, 0, 1, 64000)}, "ip discovery", 12345);
  view->Node("/dev/kfd", KfdNodeInfo());
  view->Node("/dev/dri/renderD128", CharNode(0660, 0, 110, "root", "render"));
  view->Node("/dev/dri/card0", CharNode(0660, 0, 44, "root", "video", 226, 0));
  view->User(AliceInRender());
  return view;
}

}  // namespace rocm_doctor::testing
