// SPDX-License-Identifier: MIT
#pragma once
// PCI functions of real GPUs and other devices for hardware tests, as HostBuilder's PciFunction
// (support/host_builder.h): FakePciFunction::Install(view) lays one down under
// /sys/bus/pci/devices the way sysfs shows it.
#include <optional>
#include <string>

#include "support/denied_dirs_view.h"
#include "support/fake_system_view.h"
#include "support/host_builder.h"

namespace rocm_doctor::testing {

// The PCI function a test sets field by field; HostBuilder::Pci lays it down.
using FakePciFunction = PciFunction;

// An AMD function with the default 16 GT/s x16 link and a BAR as large as its VRAM.
inline FakePciFunction AmdFunction(std::string bdf, std::string device, std::string revision,
                                   const std::string& vram_bytes) {
  FakePciFunction f;
  f.bdf = std::move(bdf);
  f.device = std::move(device);
  f.revision = std::move(revision);
  f.vram_total = f.vis_vram_total = vram_bytes;
  return f;
}

// An AMD Radeon RX 7900 XTX (0x744c rev 0xc8) with a full 16 GT/s x16 link and large BAR.
inline FakePciFunction Rx7900Xtx(std::string bdf = "0000:03:00.0") {
  return AmdFunction(std::move(bdf), "0x744c", "0xc8", "25753026560");
}

// An AMD Instinct MI300X (0x74a1 rev 0x00) as a processing accelerator (class 0x120000).
inline FakePciFunction Mi300x(std::string bdf) {
  FakePciFunction f = AmdFunction(std::move(bdf), "0x74a1", "0x00", "206141652992");
  f.class_code = "0x120000";
  f.current_link_speed = f.max_link_speed = "32.0 GT/s PCIe";
  f.ras = {{"umc_err_count", "ue: 0\nce: 0\nde: 0\n"}, {"gfx_err_count", "ue: 0\nce: 0\n"}};
  return f;
}

// A Ryzen 7040 APU's Radeon 780M (LACT phoenix capture: 1002:15BF rev dd, 4 GiB carve-out).
inline FakePciFunction Phoenix780m(std::string bdf = "0000:64:00.0") {
  return AmdFunction(std::move(bdf), "0x15bf", "0xdd", "4294967296");
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
