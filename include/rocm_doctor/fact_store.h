// SPDX-License-Identifier: MIT
#pragma once
// FactStore: lazy, memoised facts (architecture rule 4). Each accessor runs its collector on first use
// (thread-safe; concurrent callers wait for the one run) so `--only driver.*` never touches HIP.
// Checks get facts only from here; they never see the SystemView.
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <typeindex>
#include <typeinfo>
#include <utility>

#include "rocm_doctor/facts/device_nodes.h"
#include "rocm_doctor/facts/gpu_table.h"
#include "rocm_doctor/facts/host.h"
#include "rocm_doctor/facts/kernel_facts.h"
#include "rocm_doctor/facts/kfd.h"
#include "rocm_doctor/facts/pci.h"
#include "rocm_doctor/facts/platform.h"
#include "rocm_doctor/system_view.h"

namespace rocm_doctor {

// The collectors (src/collect/). Each reads only through the SystemView it is given.
PciInventory CollectPci(const SystemView& view);
KfdTopology CollectKfd(const SystemView& view);
KernelFacts CollectKernel(const SystemView& view);
KernelLogFacts CollectKernelLog(const SystemView& view);
DeviceNodeFacts CollectDeviceNodes(const SystemView& view);
PlatformFacts CollectPlatform(const SystemView& view);
HostFacts CollectHost(const SystemView& view);

// Further fact domains plug in without touching this class: a domain's header declares
//   template <> RocmFacts CollectFacts<RocmFacts>(const SystemView& view);
// its collector defines it, and checks ask for ctx.facts.Get<RocmFacts>().
template <class T>
T CollectFacts(const SystemView& view);
// A domain whose collection depends on what is asked (the benchmark level, the devices): the
// request type has `std::string Key() const`, and equal keys share one collection.
template <class T, class Request>
T CollectFacts(const SystemView& view, const Request& request);

class FactStore;

// What a collector is handed by the store: the view it reads through and the store's other
// domains, so a domain built on another (the tools, rocm-smi and hip-load collectors need the
// ROCm installs) uses the one memoised collection the checks share instead of collecting its
// own copy. A collector is handed one; checks never are (they never see the SystemView).
class FactSource {
 public:
  const SystemView& view() const { return view_; }
  // Another domain's facts, collected once per run (FactStore::Get). The domains must not ask
  // for each other in a cycle: the second call_once of a cycle would wait for itself.
  template <class T>
  const T& Get() const;

 private:
  friend class FactStore;
  FactSource(const SystemView& view, const FactStore& store) : view_(view), store_(store) {}
  const SystemView& view_;
  const FactStore& store_;
};

// How the store collects a domain: by default CollectFacts<T>(view). A domain built on other
// domains specialises this one instead, in its header:
//   template <> ToolFacts CollectFacts<ToolFacts>(const FactSource& facts);
// and asks facts.Get<RocmFacts>() inside.
template <class T>
T CollectFacts(const FactSource& facts) {
  return CollectFacts<T>(facts.view());
}

class FactStore {
 public:
  explicit FactStore(std::shared_ptr<const SystemView> view,
                     const GpuTable* table = nullptr)
      : view_(std::move(view)), table_(table) {}

  const PciInventory& Pci() const { return pci_.Get(*view_, CollectPci); }
  const KfdTopology& Kfd() const { return kfd_.Get(*view_, CollectKfd); }
  const KernelFacts& Kernel() const { return kernel_.Get(*view_, CollectKernel); }
  const KernelLogFacts& KernelLog() const { return log_.Get(*view_, CollectKernelLog); }
  const DeviceNodeFacts& DeviceNodes() const { return nodes_.Get(*view_, CollectDeviceNodes); }
  const PlatformFacts& Platform() const { return platform_.Get(*view_, CollectPlatform); }
  const HostFacts& Host() const { return host_.Get(*view_, CollectHost); }
  // The table given, else the built-in one, parsed on first use (thread-safe static): its parse
  // took 2 ms before any check could start, now it runs in the first check that asks.
  const GpuTable& Table() const { return table_ != nullptr ? *table_ : GpuTable::Builtin(); }
  bool IsReplay() const { return view_->IsReplay(); }

  // A domain registered through CollectFacts<T>, collected once on first use.
  template <class T>
  const T& Get() const {
    Slot& slot = SlotFor(std::type_index(typeid(T)), {});
    std::call_once(slot.once, [&] {
      slot.value = std::make_shared<T>(CollectFacts<T>(FactSource(*view_, *this)));
      slot.ready.store(true, std::memory_order_release);
    });
    return *static_cast<const T*>(slot.value.get());
  }

  // The domain's facts when a check already asked for them in this run, else nullptr. Never
  // collects: the report tells what the checks learned without reading more.
  template <class T>
  const T* IfCollected() const {
    Slot& slot = SlotFor(std::type_index(typeid(T)), {});
    if (!slot.ready.load(std::memory_order_acquire)) return nullptr;
    return static_cast<const T*>(slot.value.get());
  }

  // A domain collected through CollectFacts<T, Request>, once per distinct request.Key().
  template <class T, class Request>
  const T& Get(const Request& request) const {
    Slot& slot = SlotFor(std::type_index(typeid(T)), request.Key());
    std::call_once(slot.once, [&] {
      slot.value = std::make_shared<T>(CollectFacts<T, Request>(*view_, request));
    });
    return *static_cast<const T*>(slot.value.get());
  }

 private:
  struct Slot {
    std::once_flag once;
    std::shared_ptr<void> value;
    std::atomic<bool> ready{false};  // value is set (IfCollected reads it without the once)
  };
  Slot& SlotFor(std::type_index type, std::string key) const {
    std::lock_guard<std::mutex> lock(slots_mutex_);
    std::unique_ptr<Slot>& slot = slots_[{type, std::move(key)}];
    if (!slot) slot = std::make_unique<Slot>();
    return *slot;
  }

  template <class T>
  class Lazy {
   public:
    const T& Get(const SystemView& view, T (*collect)(const SystemView&)) const {
      std::call_once(once_, [&] { value_.emplace(collect(view)); });
      return *value_;
    }

   private:
    mutable std::once_flag once_;
    mutable std::optional<T> value_;
  };

  std::shared_ptr<const SystemView> view_;
  const GpuTable* table_;  // nullptr: GpuTable::Builtin()
  Lazy<PciInventory> pci_;
  Lazy<KfdTopology> kfd_;
  Lazy<KernelFacts> kernel_;
  Lazy<KernelLogFacts> log_;
  Lazy<DeviceNodeFacts> nodes_;
  Lazy<PlatformFacts> platform_;
  Lazy<HostFacts> host_;
  mutable std::mutex slots_mutex_;
  mutable std::map<std::pair<std::type_index, std::string>, std::unique_ptr<Slot>> slots_;
};

template <class T>
const T& FactSource::Get() const {
  return store_.Get<T>();
}

}  // namespace rocm_doctor
