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

TEST(FactStore, BuiltInDomainsAreLazy) {
  auto view = std::make_shared<testing::FakeSystemView>();
  FactStore store(view);
  // Nothing is read before a check asks: constructing the store costs nothing.
  EXPECT_TRUE(store.Pci().devices.empty());
}

}  // namespace
}  // namespace rocm_doctor
