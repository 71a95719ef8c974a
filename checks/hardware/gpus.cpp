// SPDX-License-Identifier: MIT
// hardware.gpus: is there an AMD GPU on the PCI bus, and which. The root of every other check.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "gpu_label.h"
#include "rocm_doctor/check.h"

namespace rocm_doctor {
namespace {

using hardware::Hex;

constexpr std::uint16_t kAmd = 0x1002;
constexpr std::uint16_t kNvidia = 0x10de;
constexpr std::uint16_t kIntel = 0x8086;
constexpr std::uint16_t kVirtio = 0x1af4;  // Red Hat / virtio (QEMU, Firecracker, cloud VMs)
// Functions named one by one in a message before "and N more".
constexpr std::size_t kListed = 3;
constexpr std::size_t kEvidenceDevices = 8;

constexpr std::string_view kListGpus[] = {"lspci -nn | grep -Ei 'vga|display|3d|accelerator'"};
constexpr std::string_view kListPci[] = {"ls -l /sys/bus/pci/devices"};

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
    {.code = "hardware.gpu.none_found",
     .severity = Status::kFail,
     .title = "No AMD GPU on the PCI bus",
     .remediation =
         "ROCm needs an AMD GPU that the kernel can see on the PCI bus. If one is installed, check "
         "that it is seated, has its power cables, and is not disabled in the firmware setup. In a "
         "virtual machine, pass the GPU through to the guest (VFIO or SR-IOV) or use an instance "
         "type that has one. NVIDIA and Intel GPUs are not supported by ROCm.",
     .commands = kListGpus},
    {.code = "hardware.vm.no_passthrough",
     .severity = Status::kInfo,
     .title = "A virtual machine without a GPU passed through",
     .remediation =
         "This OS runs under a hypervisor and no GPU function was given to it. On the host, bind "
         "the GPU to vfio-pci and attach it to this guest (libvirt <hostdev>, Proxmox 'PCI "
         "Device', ...), or choose a cloud instance type with an AMD GPU.",
     .commands = kListGpus},
    {.code = "hardware.pci.unreadable",
     .severity = Status::kUnknown,
     .title = "The PCI bus could not be listed",
     .remediation =
         "rocm-doctor reads the GPU inventory from /sys/bus/pci/devices. Run it where /sys is "
         "mounted and readable (in a container, do not hide /sys), or capture the host with "
         "'rocm-doctor capture' and diagnose the capture.",
     .commands = kListPci},
    {.code = "hardware.gpu.found",
     .severity = Status::kInfo,
     .title = "An AMD GPU on the PCI bus",
     .remediation = "Nothing to do: this records what was found."},
};

constexpr CheckInfo kInfo{.id = "hardware.gpus",
                          .layer = Layer::kHardware,
                          .title = "GPUs",
                          .prerequisites = {},
                          .findings = kFindings};

// Vendors whose display controllers show up in place of a GPU on servers and VMs.
std::string VendorName(std::uint16_t vendor) {
  static const std::map<std::uint16_t, std::string> kNames = {
      {0x1a03, "ASPEED, a server BMC's display"},
      {0x102b, "Matrox, a server BMC's display"},
      {0x1234, "QEMU/Bochs emulated display"},
      {0x1b36, "QEMU/Red Hat emulated display"},
      {0x1013, "Cirrus Logic, an emulated display"},
      {0x15ad, "VMware SVGA"},
      {0x1414, "Microsoft Hyper-V"},
      {0x80ee, "VirtualBox"},
      {kVirtio, "virtio GPU"},
  };
  auto it = kNames.find(vendor);
  return it == kNames.end() ? "" : it->second;
}

bool IsDisplayOrAccel(const PciDevice& dev) { return dev.IsGpuClass(); }

std::string IdOf(const PciDevice& dev) {
  std::string vendor = dev.vendor_id.known() ? Hex(*dev.vendor_id, 4) : "?";
  std::string device = dev.device_id.known() ? Hex(*dev.device_id, 4) : "?";
  return vendor + ":" + device;
}

// "0x10de:0x2330 at 0000:1b:00.0, 0x10de:0x2330 at 0000:2a:00.0 and 2 more"
std::string ListOf(const std::vector<const PciDevice*>& devs, bool with_class = false) {
  std::string out;
  for (std::size_t i = 0; i < devs.size() && i < kListed; ++i) {
    if (i > 0) out += ", ";
    out += IdOf(*devs[i]);
    if (with_class && devs[i]->class_code.known()) {
      out += " (class " + Hex(*devs[i]->class_code, 6) + ")";
    }
    out += " at " + devs[i]->bdf;
  }
  if (devs.size() > kListed) out += " and " + std::to_string(devs.size() - kListed) + " more";
  return out;
}

std::string Plural(std::size_t n, const std::string& one, const std::string& many) {
  return n == 1 ? one : std::to_string(n) + " " + many;
}

// "12 functions: 0x8086 ×9, 0x1af4 ×3"
std::string VendorCensus(const PciInventory& pci) {
  std::map<std::string, std::size_t> by_vendor;
  for (const PciDevice& dev : pci.devices) {
    ++by_vendor[dev.vendor_id.known() ? Hex(*dev.vendor_id, 4) : "unknown vendor"];
  }
  std::string out = std::to_string(pci.devices.size()) + " functions";
  std::string sep = ": ";
  for (const auto& [vendor, n] : by_vendor) {
    out += sep + vendor + " ×" + std::to_string(n);
    sep = ", ";
  }
  if (pci.truncated) out += " (listing cut after this many; the rest were not read)";
  return out;
}

// Functions whose vendor or class could not be read: an AMD GPU might be among them.
std::vector<const PciDevice*> Unidentified(const PciInventory& pci) {
  std::vector<const PciDevice*> out;
  for (const PciDevice& dev : pci.devices) {
    if (!dev.vendor_id.known() || (dev.IsAmd() && !dev.class_code.known())) out.push_back(&dev);
  }
  return out;
}

CheckOutcome NoneFound(const CheckContext& ctx, const PciInventory& pci) {
  std::vector<const PciDevice*> nvidia, intel, other_display, amd_other, virtio;
  for (const PciDevice& dev : pci.devices) {
    if (!dev.vendor_id.known()) continue;
    std::uint16_t vendor = *dev.vendor_id;
    if (vendor == kAmd) {
      amd_other.push_back(&dev);
    } else if (vendor == kVirtio && !IsDisplayOrAccel(dev)) {
      virtio.push_back(&dev);
    } else if (IsDisplayOrAccel(dev)) {
      (vendor == kNvidia ? nvidia : vendor == kIntel ? intel : other_display).push_back(&dev);
    }
  }
  std::vector<std::string> parts;
  if (!nvidia.empty()) {
    parts.push_back(Plural(nvidia.size(), "an NVIDIA GPU", "NVIDIA GPUs") + " (" + ListOf(nvidia) +
                    "), not supported by ROCm");
  }
  if (!intel.empty()) {
    parts.push_back("Intel graphics (" + ListOf(intel) + "), not supported by ROCm");
  }
  for (const PciDevice* dev : other_display) {
    if (parts.size() > kListed + 2) break;
    std::string vendor = VendorName(*dev->vendor_id);
    parts.push_back("a display controller " + IdOf(*dev) +
                    (vendor.empty() ? "" : " (" + vendor + ")") + " at " + dev->bdf);
  }
  if (!amd_other.empty()) {
    parts.push_back("AMD functions that are not GPUs: " + ListOf(amd_other, true) +
                    " (the GPU function itself is not on the bus)");
  }
  if (!virtio.empty()) {
    // "Only" still holds next to the emulated host bridge every VM has (class 0x06xxxx).
    std::size_t bridges = 0;
    for (const PciDevice& dev : pci.devices) {
      bridges += dev.class_code.known() && (*dev.class_code >> 16) == 0x06 ? 1 : 0;
    }
    bool only = virtio.size() + bridges == pci.devices.size();
    parts.push_back(std::string(only ? "only virtio devices" : "virtio devices") + " (" +
                    std::to_string(virtio.size()) + "): a virtual machine without GPU passthrough");
  }
  std::string message = "No AMD GPU (vendor 0x1002, display or accelerator class) among the " +
                        std::to_string(pci.devices.size()) + " PCI functions in " + pci.source;
  if (pci.devices.empty()) {
    message = "The PCI bus lists no functions at all (" + pci.source +
              " is empty): no GPU is visible to this system";
  } else if (parts.empty()) {
    message += "; none of them is a display controller or accelerator";
  } else {
    message += ". Found instead: ";
    for (std::size_t i = 0; i < parts.size(); ++i) message += (i ? "; " : "") + parts[i];
  }
  message += ".";

  std::vector<Evidence> evidence = {
      {pci.source, VendorCensus(pci),
       "a function with vendor 0x1002 and class 0x03xxxx (display) or 0x12xxxx (accelerator)"}};
  std::vector<const PciDevice*> notable = nvidia;
  notable.insert(notable.end(), intel.begin(), intel.end());
  notable.insert(notable.end(), other_display.begin(), other_display.end());
  notable.insert(notable.end(), amd_other.begin(), amd_other.end());
  for (std::size_t i = 0; i < notable.size() && i < kEvidenceDevices; ++i) {
    const PciDevice& dev = *notable[i];
    evidence.push_back(hardware::EvidenceOf(
        dev.class_code, [&](std::uint32_t code) { return IdOf(dev) + " class " + Hex(code, 6); }));
  }
  std::vector<Finding> findings = {MakeFinding("hardware.gpu.none_found", message, evidence)};

  const PlatformFacts& platform = ctx.facts.Platform();
  if (!platform.hypervisor.empty()) {
    std::vector<Evidence> vm_evidence;
    for (const std::string& e : platform.hypervisor_evidence) {
      vm_evidence.push_back({"hypervisor detection", e, ""});
    }
    vm_evidence.push_back({pci.source, VendorCensus(pci), "a GPU function passed through"});
    findings.push_back(MakeFinding("hardware.vm.no_passthrough",
                                   "This system runs under a hypervisor (" + platform.hypervisor +
                                       ") and no GPU was passed through to it.",
                                   vm_evidence));
  }
  return CheckOutcome::FromFindings(std::move(findings));
}

Finding Found(const CheckContext& ctx, const PciDevice& dev) {
  const GpuModel* model = hardware::ModelOf(ctx, dev);
  std::string message = hardware::GpuLabel(dev, model) + " at " + dev.bdf;
  std::vector<std::string> details;
  if (model != nullptr && !model->architecture.empty()) details.push_back(model->architecture);
  if (model != nullptr && model->apu) details.push_back("integrated (APU)");
  if (dev.vram_total_bytes.known()) {
    details.push_back(hardware::Mib(*dev.vram_total_bytes) + " VRAM");
  } else if (model != nullptr && model->vram_gib) {
    details.push_back(hardware::Fixed(*model->vram_gib, 0) + " GiB VRAM (datasheet)");
  }
  if (model != nullptr && model->compute_units) {
    details.push_back(std::to_string(*model->compute_units) + " CUs");
  }
  if (dev.driver.known()) {
    details.push_back(dev.driver->empty() ? "no driver bound" : "driver " + *dev.driver);
  }
  for (std::size_t i = 0; i < details.size(); ++i) message += (i ? ", " : ": ") + details[i];
  if (model != nullptr && model->family_fallback) {
    message += dev.revision.known()
                   ? "; revision " + Hex(*dev.revision, 2) + " is not in the GPU table"
                   : "; revision unknown";
    message += ", so it is named after the device's table rows";
  }
  auto hex = [](int digits) { return [digits](auto v) { return Hex(v, digits); }; };
  std::vector<Evidence> evidence = {
      hardware::EvidenceOf(dev.vendor_id, hex(4), "0x1002"),
      hardware::EvidenceOf(dev.device_id, hex(4)),
      hardware::EvidenceOf(dev.revision, hex(2)),
      hardware::EvidenceOf(dev.class_code, hex(6), "0x03xxxx or 0x12xxxx"),
      hardware::EvidenceOf(dev.driver,
                           [](const std::string& d) { return d.empty() ? "(none bound)" : d; }),
  };
  return MakeFinding("hardware.gpu.found", message, evidence, {{"bdf", dev.bdf}});
}

CheckOutcome Run(const CheckContext& ctx) {
  const PciInventory& pci = ctx.facts.Pci();
  if (!pci.error.empty()) {
    return CheckOutcome::FromFindings({MakeFinding(
        "hardware.pci.unreadable",
        "Could not list " + pci.source + " (" + pci.error + "), so the GPUs cannot be told.",
        {{pci.source, pci.error, "a readable directory of PCI functions"}})});
  }
  std::vector<const PciDevice*> gpus = pci.AmdGpus();
  if (gpus.empty()) {
    if (std::vector<const PciDevice*> unknown = Unidentified(pci); !unknown.empty()) {
      const PciDevice& first = *unknown.front();
      const Fact<std::uint16_t>& vendor = first.vendor_id;
      std::string why = !vendor.known() ? vendor.source + ": " + vendor.error
                                        : first.class_code.source + ": " + first.class_code.error;
      return CheckOutcome::FromFindings({MakeFinding(
          "hardware.pci.unreadable",
          "No AMD GPU among the readable PCI functions, but " + std::to_string(unknown.size()) +
              " function(s) could not be identified (" + why + "); one of them may be the GPU.",
          {{pci.source, VendorCensus(pci), ""},
           {first.sysfs_path, why, "readable vendor/class"}})});
    }
    if (ctx.facts.Platform().wsl) {
      return CheckOutcome::Skip(
          "WSL2: the GPU is reached through /dev/dxg, not the PCI bus of this Linux guest");
    }
    return NoneFound(ctx, pci);
  }

  // Identical models are grouped: "8 × AMD Instinct MI300X (gfx942)".
  std::vector<std::pair<std::string, std::vector<const PciDevice*>>> groups;
  std::vector<Finding> findings;
  for (const PciDevice* dev : gpus) {
    std::string label = hardware::GpuLabel(*dev, hardware::ModelOf(ctx, *dev));
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == label; });
    if (it == groups.end()) {
      groups.push_back({label, {dev}});
    } else {
      it->second.push_back(dev);
    }
    findings.push_back(Found(ctx, *dev));
  }
  std::string summary;
  for (const auto& [label, devs] : groups) {
    if (!summary.empty()) summary += ", ";
    summary += std::to_string(devs.size()) + " × " + label;
    if (devs.size() == 1) summary += " at " + devs.front()->bdf;
  }
  return CheckOutcome::Pass(summary, std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
