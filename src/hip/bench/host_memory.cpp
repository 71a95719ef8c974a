// SPDX-License-Identifier: MIT
#include "hip/bench/host_memory.h"

#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>

namespace rocm_doctor::hip_helper {
namespace {

// From <linux/mempolicy.h> (uapi), so no libnuma/numaif.h is needed.
constexpr int kMpolBind = 2;
constexpr unsigned kMpolMfMove = 1U << 1U;
constexpr unsigned kMpolFNode = 1U << 0U;
constexpr unsigned kMpolFAddr = 1U << 1U;
constexpr int kMaxNodes = 1024;
constexpr std::size_t kBitsPerWord = sizeof(unsigned long) * 8;  // NOLINT(runtime/int): ABI type

}  // namespace

std::optional<int> ParseSysfsNumaNode(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  int node = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), node);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (node < 0 || node >= kMaxNodes) return std::nullopt;
  return node;
}

std::optional<int> ReadPciNumaNode(const std::string& pci_bdf) {
  std::ifstream in("/sys/bus/pci/devices/" + pci_bdf + "/numa_node");
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return ParseSysfsNumaNode(text.str());
}

std::optional<std::string> BindToNumaNode(void* addr, std::size_t bytes, int node) {
  if (node < 0 || node >= kMaxNodes) return "NUMA node " + std::to_string(node) + " out of range";
  std::array<unsigned long, kMaxNodes / kBitsPerWord> mask{};  // NOLINT(runtime/int)
  mask[static_cast<std::size_t>(node) / kBitsPerWord] |=
      1UL << (static_cast<std::size_t>(node) % kBitsPerWord);
  // The kernel reads maxnode - 1 bits (an off-by-one kept for ABI compatibility).
  const long rc = syscall(SYS_mbind, addr, bytes, kMpolBind, mask.data(),  // NOLINT(runtime/int)
                          static_cast<unsigned long>(kMaxNodes + 1), kMpolMfMove);  // NOLINT
  if (rc == 0) return std::nullopt;
  return std::string("mbind: ") + std::strerror(errno);
}

std::optional<int> NodeOfPage(const void* addr) {
  int node = -1;
  const long rc = syscall(SYS_get_mempolicy, &node, nullptr, 0UL,  // NOLINT(runtime/int)
                          const_cast<void*>(addr), kMpolFNode | kMpolFAddr);
  if (rc != 0 || node < 0) return std::nullopt;
  return node;
}

ScopedThreadMemoryPolicy::ScopedThreadMemoryPolicy(std::optional<int> node) {
  if (!node) {
    note_ = "the GPU reports no NUMA node";
    return;
  }
  if (*node < 0 || *node >= kMaxNodes) {
    note_ = "NUMA node " + std::to_string(*node) + " out of range";
    return;
  }
  static_assert(sizeof(saved_mask_) * 8 == kMaxNodes);
  saved_ = syscall(SYS_get_mempolicy, &saved_mode_, saved_mask_.data(),
                   static_cast<unsigned long>(kMaxNodes + 1), nullptr, 0U) == 0;  // NOLINT
  std::array<unsigned long, kMaxNodes / kBitsPerWord> mask{};  // NOLINT(runtime/int)
  mask[static_cast<std::size_t>(*node) / kBitsPerWord] |=
      1UL << (static_cast<std::size_t>(*node) % kBitsPerWord);
  if (syscall(SYS_set_mempolicy, kMpolBind, mask.data(),
              static_cast<unsigned long>(kMaxNodes + 1)) != 0) {  // NOLINT(runtime/int)
    note_ = std::string("set_mempolicy: ") + std::strerror(errno);
    return;
  }
  bound_ = true;
  note_ = "bound to node " + std::to_string(*node);
}

ScopedThreadMemoryPolicy::~ScopedThreadMemoryPolicy() {
  if (!bound_) return;
  if (saved_) {
    syscall(SYS_set_mempolicy, saved_mode_, saved_mask_.data(),
            static_cast<unsigned long>(kMaxNodes + 1));  // NOLINT(runtime/int)
  } else {
    syscall(SYS_set_mempolicy, 0, nullptr, 0UL);  // MPOL_DEFAULT
  }
}

HostMemory::HostMemory(HostMemory&& other) noexcept { *this = std::move(other); }

HostMemory& HostMemory::operator=(HostMemory&& other) noexcept {
  if (this != &other) {
    if (data_ != nullptr) munmap(data_, size_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    numa_bound_ = other.numa_bound_;
    numa_note_ = std::move(other.numa_note_);
  }
  return *this;
}

HostMemory::~HostMemory() {
  if (data_ != nullptr) munmap(data_, size_);
}

HostMemory HostMemory::Allocate(std::size_t bytes, std::optional<int> numa_node,
                                std::string* error) {
  HostMemory memory;
  if (bytes == 0) {
    if (error != nullptr) *error = "zero-byte host buffer";
    return memory;
  }
  void* data = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (data == MAP_FAILED) {
    if (error != nullptr) *error = std::string("mmap: ") + std::strerror(errno);
    return memory;
  }
  memory.data_ = data;
  memory.size_ = bytes;
  if (numa_node) {
    const std::optional<std::string> failed = BindToNumaNode(data, bytes, *numa_node);
    memory.numa_bound_ = !failed.has_value();
    memory.numa_note_ = failed ? *failed : "bound to node " + std::to_string(*numa_node);
  } else {
    memory.numa_note_ = "the GPU reports no NUMA node";
  }
  // Fault every page in now (on the bound node), so first-touch cost stays out of the timing.
  std::memset(data, 0, bytes);
  return memory;
}

}  // namespace rocm_doctor::hip_helper
