// SPDX-License-Identifier: MIT
#pragma once
// Host buffers for the host<->device benchmarks, placed on the GPU's NUMA node with the mbind(2) /
// set_mempolicy(2) system calls (no libnuma needed). Pageable buffers are mmap'd, bound and touched
// so every page exists before timing; pinned ones are allocated by the GPU runtime (hipHostMalloc,
// as PyTorch pins) while ScopedThreadMemoryPolicy binds this thread. Plain C++17.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rocm_doctor::hip_helper {

// The content of /sys/bus/pci/devices/<bdf>/numa_node: a node number, or nullopt for -1 ("no
// NUMA information", what a single-node VM reports) and for anything that is not a number.
std::optional<int> ParseSysfsNumaNode(std::string_view text);

// Reads the GPU's node from sysfs; nullopt when unreadable or -1.
std::optional<int> ReadPciNumaNode(const std::string& pci_bdf);

class HostMemory {
 public:
  HostMemory() = default;
  HostMemory(const HostMemory&) = delete;
  HostMemory& operator=(const HostMemory&) = delete;
  HostMemory(HostMemory&& other) noexcept;
  HostMemory& operator=(HostMemory&& other) noexcept;
  ~HostMemory();

  // `bytes` of zero-filled memory; bound to `numa_node` when given (binding failures are not
  // fatal: numa_bound() says so and numa_note() why). nullopt-like empty buffer and `error` when
  // the mapping itself failed.
  static HostMemory Allocate(std::size_t bytes, std::optional<int> numa_node, std::string* error);

  void* data() const { return data_; }
  std::size_t size() const { return size_; }
  bool numa_bound() const { return numa_bound_; }
  const std::string& numa_note() const { return numa_note_; }

 private:
  void* data_ = nullptr;
  std::size_t size_ = 0;
  bool numa_bound_ = false;
  std::string numa_note_;
};

// mbind(addr, bytes, MPOL_BIND, {node}); nullopt on success, else the reason (strerror).
std::optional<std::string> BindToNumaNode(void* addr, std::size_t bytes, int node);

// The node the page holding `addr` is on (get_mempolicy MPOL_F_NODE | MPOL_F_ADDR); nullopt when
// the kernel does not say (no NUMA support).
std::optional<int> NodeOfPage(const void* addr);

// Binds the calling thread's allocations to `node` (set_mempolicy MPOL_BIND) for its lifetime and
// puts the previous policy back after; does nothing without a node.
class ScopedThreadMemoryPolicy {
 public:
  explicit ScopedThreadMemoryPolicy(std::optional<int> node);
  ScopedThreadMemoryPolicy(const ScopedThreadMemoryPolicy&) = delete;
  ScopedThreadMemoryPolicy& operator=(const ScopedThreadMemoryPolicy&) = delete;
  ~ScopedThreadMemoryPolicy();

  bool bound() const { return bound_; }
  const std::string& note() const { return note_; }  // "bound to node 0", or why not

 private:
  bool bound_ = false;
  bool saved_ = false;
  int saved_mode_ = 0;
  std::array<unsigned long, 16> saved_mask_{};  // NOLINT(runtime/int): the kernel ABI's type
  std::string note_;
};

}  // namespace rocm_doctor::hip_helper
