// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "rocm_doctor/facts/storage_facts.h"
#include "system/machine_dir_view.h"
#include "system/recording_system_view.h"
#include "unit/collect/storage/storage_fixture.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;
using testing::kGiB;

constexpr char kPciSata[] = "/sys/devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0";
constexpr char kPciNvme[] = "/sys/devices/pci0000:00/0000:00:1d.0/0000:02:00.0/nvme/nvme0";
constexpr char kVirtio[] = "/sys/devices/pci0000:00/0000:00:02.0/virtio1";

const StorageFilesystem* FsOf(const StorageFacts& facts, std::string_view role) {
  for (const StoragePlace& place : facts.places) {
    if (place.role == role && place.filesystem) return &facts.filesystems.at(*place.filesystem);
  }
  return nullptr;
}

TEST(StorageCollector, HomeOnNfsAndHfHomeOnAPartitionOfAHardDisk) {
  FakeSystemView view;
  view.File("/proc/self/mountinfo",
            "1 0 259:2 / / rw - ext4 /dev/nvme0n1p2 rw\n"
            "2 1 0:52 / /home rw,relatime shared:7 - nfs4 filer:/export/home rw,vers=4.2\n"
            "3 1 8:1 / /data rw - xfs /dev/sda1 rw\n")
      .Env("HOME", "/home/alice")
      .Env("HF_HOME", "/data/hf")
      .Env("TORCH_HOME", "/opt/../data/torch")
      .Space("/home", testing::SpaceGib(2048, 12))
      .Space("/data", testing::SpaceGib(4000, 3000));
  testing::Disk(view, kPciSata, "sda", "8:0", 1);
  testing::Partition(view, kPciSata, "sda", "sda1", "8:1");
  StorageFacts facts = CollectFacts<StorageFacts>(view);
  ASSERT_TRUE(facts.mounts.known());
  EXPECT_EQ(*facts.mounts, 3u);
  ASSERT_EQ(facts.places.size(), 3u);
  EXPECT_EQ(facts.places[0].source, "$HOME");
  EXPECT_EQ(facts.places[2].resolved, "/data/torch");
  ASSERT_EQ(facts.filesystems.size(), 2u);  // HF_HOME and TORCH_HOME share /data

  const StorageFilesystem* home = FsOf(facts, "home directory");
  ASSERT_NE(home, nullptr);
  EXPECT_TRUE(home->network);
  EXPECT_EQ(home->fstype, "nfs4");
  EXPECT_EQ(home->mount_evidence, "/proc/self/mountinfo line 2");
  EXPECT_FALSE(home->rotational.known());
  ASSERT_TRUE(home->space.known());
  EXPECT_EQ(home->space->avail_bytes, 12 * kGiB);
  EXPECT_EQ(home->space.source, "statvfs(/home)");

  const StorageFilesystem* data = FsOf(facts, "$HF_HOME");
  ASSERT_NE(data, nullptr);
  EXPECT_FALSE(data->network);
  ASSERT_TRUE(data->rotational.known());
  EXPECT_TRUE(*data->rotational);  // the partition is judged by its whole disk
  EXPECT_EQ(data->devices, "sda");
  EXPECT_EQ(data->rotational.source, std::string(kPciSata) + "/block/sda/queue/rotational");
}

TEST(StorageCollector, DeviceMapperIsJudgedByTheDisksUnderIt) {
  FakeSystemView view;
  view.File("/proc/self/mountinfo", "1 0 253:0 / / rw - ext4 /dev/mapper/vg-root rw\n")
      .Env("HOME", "/root");
  testing::Disk(view, kPciNvme, "nvme0n1", "259:0", 0);
  testing::Partition(view, kPciNvme, "nvme0n1", "nvme0n1p3", "259:3");
  testing::Disk(view, kPciSata, "sda", "8:0", 1);
  view.File("/sys/devices/virtual/block/dm-0/queue/rotational", "0\n")
      .Link("/sys/dev/block/253:0", "../../devices/virtual/block/dm-0")
      .Link("/sys/devices/virtual/block/dm-0/slaves/nvme0n1p3",
            "../../../../../" + std::string(kPciNvme).substr(5) + "/block/nvme0n1/nvme0n1p3")
      .Link("/sys/devices/virtual/block/dm-0/slaves/sda",
            "../../../../../" + std::string(kPciSata).substr(5) + "/block/sda");
  StorageFacts facts = CollectFacts<StorageFacts>(view);
  ASSERT_EQ(facts.filesystems.size(), 1u);
  const StorageFilesystem& fs = facts.filesystems[0];
  ASSERT_TRUE(fs.rotational.known()) << fs.rotational.error;
  EXPECT_TRUE(*fs.rotational);  // one of its disks spins, whatever dm-0's own flag says
  EXPECT_EQ(fs.devices, "nvme0n1, sda");
  EXPECT_FALSE(fs.space.known());  // the fake records no statvfs answer
}

TEST(StorageCollector, SolidStateVirtualLoopAndMemory) {
  FakeSystemView view;
  view.File("/proc/self/mountinfo",
            "1 0 254:0 / / rw - ext4 /dev/vda rw\n"
            "2 1 259:0 / /nvme rw - ext4 /dev/nvme0n1 rw\n"
            "3 1 7:0 / /img rw - squashfs /dev/loop0 ro\n"
            "4 1 0:30 / /scratch rw - tmpfs tmpfs rw\n")
      .Env("HOME", "/root")
      .Env("HF_HOME", "/nvme/hf")
      .Env("HF_HUB_CACHE", "/img/hub")
      .Env("XDG_CACHE_HOME", "/scratch");
  testing::Disk(view, kVirtio, "vda", "254:0", 1);
  testing::Disk(view, kPciNvme, "nvme0n1", "259:0", 0);
  testing::Disk(view, "/sys/devices/virtual", "loop0", "7:0", 0);
  StorageFacts facts = CollectFacts<StorageFacts>(view);
  const StorageFilesystem* root = FsOf(facts, "home directory");
  ASSERT_NE(root, nullptr);
  EXPECT_FALSE(root->rotational.known());
  EXPECT_NE(root->rotational.error.find("virtual disk"), std::string::npos)
      << root->rotational.error;
  const StorageFilesystem* nvme = FsOf(facts, "$HF_HOME");
  ASSERT_TRUE(nvme != nullptr && nvme->rotational.known());
  EXPECT_FALSE(*nvme->rotational);
  const StorageFilesystem* loop = FsOf(facts, "$HF_HUB_CACHE");
  ASSERT_NE(loop, nullptr);
  EXPECT_NE(loop->rotational.error.find("loop device"), std::string::npos);
  const StorageFilesystem* tmp = FsOf(facts, "$XDG_CACHE_HOME");
  ASSERT_NE(tmp, nullptr);
  EXPECT_TRUE(tmp->memory);
  EXPECT_FALSE(tmp->rotational.known());
}

TEST(StorageCollector, BtrfsAnonymousDeviceUsesTheMountSource) {
  FakeSystemView view;
  view.File("/proc/self/mountinfo", "1 0 0:33 /@home /home rw - btrfs /dev/mapper/crypt rw\n")
      .Env("HOME", "/home/alice")
      .Link("/dev/mapper/crypt", "../dm-1")
      .File("/sys/devices/virtual/block/dm-1/queue/rotational", "0\n")
      .Link("/sys/class/block/dm-1", "../../devices/virtual/block/dm-1");
  StorageFacts facts = CollectFacts<StorageFacts>(view);
  ASSERT_EQ(facts.filesystems.size(), 1u);
  ASSERT_TRUE(facts.filesystems[0].rotational.known()) << facts.filesystems[0].rotational.error;
  EXPECT_FALSE(*facts.filesystems[0].rotational);
  EXPECT_EQ(facts.filesystems[0].devices, "dm-1");
}

TEST(StorageCollector, HomeFromPasswdAndTheHuggingFaceCache) {
  FakeSystemView view;
  view.File("/proc/self/mountinfo", "1 0 8:0 / / rw - ext4 /dev/sda rw\n")
      .File("/etc/passwd",
            "root:x:0:0:root:/root:/bin/bash\n"
            "broken line\n"
            "alice:x:1000:1000:Alice,,,:/srv/alice:/bin/bash\n")
      .User({.name = "alice", .uid = 1000, .gid = 1000, .groups = {}, .source = "fake"})
      .Dir("/srv/alice/.cache/huggingface");
  StorageFacts facts = CollectFacts<StorageFacts>(view);
  ASSERT_EQ(facts.places.size(), 2u);
  EXPECT_EQ(facts.places[0].path, "/srv/alice");
  EXPECT_EQ(facts.places[0].source, "/etc/passwd");
  EXPECT_EQ(facts.places[1].role, "~/.cache/huggingface");
  EXPECT_EQ(facts.places[1].filesystem, facts.places[0].filesystem);
}

TEST(StorageCollector, UnusablePlacesAndMountTables) {
  FakeSystemView relative;
  relative.File("/proc/self/mountinfo", "2 1 0:52 / /home rw - nfs4 filer:/home rw\n")
      .Env("HOME", "/root")
      .Env("HF_HOME", "models/hf");
  StorageFacts facts = CollectFacts<StorageFacts>(relative);
  ASSERT_EQ(facts.places.size(), 2u);
  EXPECT_EQ(facts.places[0].error, "no mount in /proc/self/mountinfo holds it");
  EXPECT_EQ(facts.places[1].error, "not an absolute path");
  EXPECT_TRUE(facts.filesystems.empty());

  FakeSystemView denied;
  denied.Unreadable("/proc/self/mountinfo").Env("HOME", "/root");
  StorageFacts d = CollectFacts<StorageFacts>(denied);
  EXPECT_FALSE(d.mounts.known());
  EXPECT_EQ(d.mount_table_status, FsStatus::kPermissionDenied);

  FakeSystemView absent;
  EXPECT_EQ(CollectFacts<StorageFacts>(absent).mount_table_status, FsStatus::kNotFound);

  FakeSystemView garbage;
  garbage.File("/proc/self/mountinfo", std::string("\0\xff\n- - -\n", 9)).Env("HOME", "/root");
  StorageFacts g = CollectFacts<StorageFacts>(garbage);
  ASSERT_TRUE(g.mounts.known());
  EXPECT_EQ(*g.mounts, 0u);
  EXPECT_EQ(g.mount_lines_skipped, 2u);
}

TEST(StorageCollector, ACaptureReplaysToTheSameFacts) {
  auto host = std::make_shared<FakeSystemView>();
  host->File("/proc/self/mountinfo",
             "1 0 259:2 / / rw - ext4 /dev/nvme0n1p2 rw\n"
             "2 1 0:52 / /home rw - nfs4 filer:/export/home rw\n"
             "3 1 8:1 / /data rw - xfs /dev/sda1 rw\n")
      .Env("HOME", "/home/alice")
      .Env("HF_HOME", "/data/hf")
      .Space("/", testing::SpaceGib(900, 400))
      .Space("/home", testing::SpaceGib(2048, 12))
      .Space("/data", testing::SpaceGib(4000, 3000));
  testing::Disk(*host, kPciNvme, "nvme0n1", "259:0", 0);
  testing::Partition(*host, kPciNvme, "nvme0n1", "nvme0n1p2", "259:2");
  testing::Disk(*host, kPciSata, "sda", "8:0", 1);
  testing::Partition(*host, kPciSata, "sda", "sda1", "8:1");
  RecordingSystemView recorder(host);
  const StorageFacts live = CollectFacts<StorageFacts>(recorder);
  testing::TempTree out;
  auto stats = recorder.WriteMachine(out.At("capture"), "storage");
  ASSERT_TRUE(stats.ok()) << stats.error();
  auto replay = system::MachineDirSystemView::Open(out.At("capture"), "capture");
  ASSERT_TRUE(replay.ok()) << replay.error();
  const StorageFacts again = CollectFacts<StorageFacts>(*replay.value());
  ASSERT_EQ(again.filesystems.size(), live.filesystems.size());
  ASSERT_EQ(live.filesystems.size(), 2u);
  for (std::size_t i = 0; i < live.filesystems.size(); ++i) {
    const StorageFilesystem& a = live.filesystems[i];
    const StorageFilesystem& b = again.filesystems[i];
    EXPECT_EQ(a.mount_point, b.mount_point);
    EXPECT_EQ(a.network, b.network);
    EXPECT_EQ(a.rotational.value, b.rotational.value) << b.rotational.error;
    EXPECT_EQ(a.rotational.source, b.rotational.source);
    EXPECT_EQ(a.devices, b.devices);
    ASSERT_TRUE(b.space.known()) << b.space.error;
    EXPECT_EQ(a.space->avail_bytes, b.space->avail_bytes);
  }
  EXPECT_EQ(again.filesystems[1].rotational.value, true);  // /data on sda
}

}  // namespace
}  // namespace rocm_doctor
