// SPDX-License-Identifier: MIT
// /proc/self/mountinfo: the parser, the mount lookup, and the storage collector over a host whose
// mount table, home directory and sysfs block-device number are the input's three parts.
#include <cstdint>
#include <string>

#include "base/mountinfo_parse.h"
#include "fuzz_input.h"
#include "rocm_doctor/facts/storage_facts.h"
#include "rocm_doctor/paths.h"
#include "support/fake_system_view.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rocm_doctor;
  const auto parts = fuzz::SplitParts(fuzz::AsText(data, size), 3);
  const mountinfo::Table table = mountinfo::Parse(parts[0]);
  const std::string home = parts[1].empty() ? "/home/alice" : std::string(parts[1]);
  fuzz::Use(mountinfo::MountFor(table, home));
  testing::FakeSystemView view;
  view.File(std::string(paths::kProcSelfMountinfo), std::string(parts[0]))
      .Env("HOME", home)
      .Env("HF_HOME", home + "/hf")
      .File("/sys/devices/virtual/block/sda/queue/rotational", std::string(parts[2]))
      .Link("/sys/dev/block/8:0", "../../devices/virtual/block/sda");
  fuzz::Use(CollectFacts<StorageFacts>(view));
  return 0;
}
