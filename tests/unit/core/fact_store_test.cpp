// SPDX-License-Identifier: MIT
#include "rocm_doctor/fact_store.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "support/fake_system_view.h"

namespace rocm_doctor {

struct CountedFacts {
  std::string hostname;
};

namespace {
std::atomic<int> collections{0};
}  // namespace

template <>
CountedFacts CollectFacts<CountedFacts>(const SystemView& view) {
  ++collections;
  FileContent f = view.ReadFile("/etc/hostname", 64);
  return CountedFacts{f.ok() ? f.data : ""};
}

// A domain built on CountedFacts through the FactSource the store hands its collector.
struct DerivedFacts {
  std::string greeting;
  const CountedFacts* seen = nullptr;  // the dependency object the collector was given
};

template <>
DerivedFacts CollectFacts<DerivedFacts>(const FactSource& facts) {
  const CountedFacts& counted = facts.Get<CountedFacts>();
  return DerivedFacts{"hello " + counted.hostname, &counted};
}

namespace {

TEST(FactStore, PluggedDomainIsCollectedOnceAcrossThreads) {
  auto view = std::make_shared<testing::FakeSystemView>();
  view->File("/etc/hostname", "node17");
  FactStore store(view);
  collections = 0;
  std::vector<std::thread> threads;
  std::atomic<int> right{0};
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] { right += store.Get<CountedFacts>().hostname == "node17"; });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(collections.load(), 1);
  EXPECT_EQ(right.load(), 8);
}

// The tools, rocm-smi and hip-load collectors each collected their own RocmFacts (4 collections
// a live run): a domain built on another now shares the store's one collection.
TEST(FactStore, DomainBuiltOnAnotherSharesItsCollection) {
  auto view = std::make_shared<testing::FakeSystemView>();
  view->File("/etc/hostname", "node17");
  FactStore store(view);
  collections = 0;
  std::vector<std::thread> threads;
  std::atomic<int> right{0};
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      if (i % 2 == 0) {
        const DerivedFacts& derived = store.Get<DerivedFacts>();
        right += derived.greeting == "hello node17" && derived.seen == &store.Get<CountedFacts>();
      } else {
        right += store.Get<CountedFacts>().hostname == "node17";
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(collections.load(), 1);
  EXPECT_EQ(right.load(), 8);
}

// A domain with no FactSource collector is collected from the view alone, as before.
TEST(FactStore, PlainDomainIsCollectedFromTheView) {
  auto view = std::make_shared<testing::FakeSystemView>();
  view->File("/etc/hostname", "n1");
  FactStore store(view);
  collections = 0;
  EXPECT_EQ(store.Get<CountedFacts>().hostname, "n1");
  EXPECT_EQ(CollectFacts<CountedFacts>(*view).hostname, "n1");
  EXPECT_EQ(collections.load(), 2);
}

// The built-in GPU table is parsed on first use (in the first check that asks), not before
// any check can start; a table given is the one used.
TEST(FactStore, TableIsTheOneGivenElseTheBuiltInOne) {
  auto view = std::make_shared<testing::FakeSystemView>();
  EXPECT_EQ(&FactStore(view).Table(), &GpuTable::Builtin());
  const GpuTable mine = GpuTable::Parse("pci_device_id,name\n0x1234,Test GPU\n");
  FactStore store(view, &mine);
  EXPECT_EQ(&store.Table(), &mine);
}

TEST(FactStore, BuiltInDomainsAreLazy) {
  auto view = std::make_shared<testing::FakeSystemView>();
  FactStore store(view);
  // Nothing is read before a check asks: constructing the store costs nothing.
  EXPECT_TRUE(store.Pci().devices.empty());
}

}  // namespace
}  // namespace rocm_doctor
