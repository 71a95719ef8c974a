#pragma once
// Builds PCI functions under /sys/bus/pci/devices in a FakeSystemView, the way sysfs shows them
// (sysfs-bus-pci: "0x%04x\n" IDs, "%s PCIe\n" speeds, "%u\n" widths).
#include <map>
#include <optional>
#include <set>
#include <string>

#include "support/fake_system_view.h"

namespace rocm_doctor::testing {

// FakeSystemView cannot hold a directory that exists but cannot be listed; this one can.
class DeniedDirsView : public FakeSystemView {
 public:
  DeniedDirsView& DenyListing(std::string path) {
    denied_.insert(std::move(path));
    return *this;
  }
  DirListing ListDir(std::string_view path) const override {
    if (denied_.count(std::string(path))) {
      DirListing out;
      out.status = FsStatus::kPermissionDenied;
      out.error = "Permission denied";
      return out;
    }
    return FakeSystemView::ListDir(path);
  }

 private:
  std::set<std::string> denied_;
};

struct FakePciFunction {
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
  bool drm = true;                            // device/drm/card0 and renderD128

  std::string Dir() const { return "/sys/bus/pci/devices/" + bdf; }

  void Install(FakeSystemView& view) const {
    std::string dir = Dir();
    auto put = [&](const std::string& name, const std::optional<std::string>& value) {
      if (value) view.File(dir + "/" + name, *value + "\n");
    };
    put("vendor", vendor);
    put("device", device);
    put("subsystem_vendor", std::string("0x1da2"));
    put("subsystem_device", std::string("0xe471"));
    put("revision", revision);
    put("class", class_code);
    put("numa_node", std::string("-1"));
    put("current_link_speed", current_link_speed);
    put("max_link_speed", max_link_speed);
    put("current_link_width", current_link_width);
    put("max_link_width", max_link_width);
    put("mem_info_vram_total", vram_total);
    put("mem_info_vis_vram_total", vis_vram_total);
    if (driver) view.Link(dir + "/driver", "../../../bus/pci/drivers/" + *driver);
    for (const auto& [name, content] : ras) view.File(dir + "/ras/" + name, content);
    if (drm) {
      view.Dir(dir + "/drm/card0");
      view.Dir(dir + "/drm/renderD128");
    }
  }
};

// An AMD Radeon RX 7900 XTX (0x744c rev 0xc8) with a full 16 GT/s x16 link and large BAR.
inline FakePciFunction Rx7900Xtx(std::string bdf = "0000:03:00.0") {
  FakePciFunction f;
  f.bdf = std::move(bdf);
  f.vram_total = "25753026560";
  f.vis_vram_total = "25753026560";
  return f;
}

// An AMD Instinct MI300X (0x74a1 rev 0x00) as a processing accelerator (class 0x120000).
inline FakePciFunction Mi300x(std::string bdf) {
  FakePciFunction f;
  f.bdf = std::move(bdf);
  f.device = "0x74a1";
  f.revision = "0x00";
  f.class_code = "0x120000";
  f.current_link_speed = "32.0 GT/s PCIe";
  f.max_link_speed = "32.0 GT/s PCIe";
  f.vram_total = "206141652992";
  f.vis_vram_total = "206141652992";
  f.ras = {{"umc_err_count", "ue: 0\nce: 0\nde: 0\n"}, {"gfx_err_count", "ue: 0\nce: 0\n"}};
  return f;
}

// A Ryzen 7040 APU's Radeon 780M (LACT phoenix capture: 1002:15BF rev dd, 4 GiB carve-out).
inline FakePciFunction Phoenix780m(std::string bdf = "0000:64:00.0") {
  FakePciFunction f;
  f.bdf = std::move(bdf);
  f.device = "0x15bf";
  f.revision = "0xdd";
  f.vram_total = "4294967296";
  f.vis_vram_total = "4294967296";
  return f;
}

// Any other PCI function (bridges, NICs, NVIDIA GPUs, virtio devices).
inline FakePciFunction Other(std::string bdf, std::string vendor, std::string device,
                             std::string class_code) {
  FakePciFunction f;
  f.bdf = std::move(bdf);
  f.vendor = std::move(vendor);
  f.device = std::move(device);
  f.revision = "0x01";
  f.class_code = std::move(class_code);
  f.driver = std::nullopt;
  f.drm = false;
  return f;
}

}  // namespace rocm_doctor::testing
