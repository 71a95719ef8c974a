// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <memory>

#include "support/check_harness.h"
#include "unit/collect/storage/storage_fixture.h"

namespace rocm_doctor {
namespace {

using testing::FakeSystemView;

constexpr char kSata[] = "/sys/devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0";
constexpr char kNvme[] = "/sys/devices/pci0000:00/0000:00:1d.0/0000:02:00.0/nvme/nvme0";

std::shared_ptr<FakeSystemView> Host(const std::string& mountinfo) {
  auto view = std::make_shared<FakeSystemView>();
  view->File("/proc/self/mountinfo", mountinfo).Env("HOME", "/home/alice");
  testing::Disk(*view, kNvme, "nvme0n1", "259:0", 0);
  testing::Disk(*view, kSata, "sda", "8:0", 1);
  return view;
}

TEST(HardwareStorage, LocalSsdWithRoomPasses) {
  auto view = Host("1 0 259:0 / / rw - ext4 /dev/nvme0n1 rw\n");
  view->Space("/", testing::SpaceGib(1800, 900));
  CheckOutcome out = testing::RunCheck("hardware.storage", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_EQ(out.summary,
            "home directory /home/alice: ext4 /dev/nvme0n1 mounted at /, solid state (nvme0n1), "
            "900.0 GiB available of 1800.0 GiB (50%)");
  EXPECT_TRUE(out.findings.empty());
}

TEST(HardwareStorage, NetworkHomeWarns) {
  auto view = Host(
      "1 0 259:0 / / rw - ext4 /dev/nvme0n1 rw\n"
      "2 1 0:52 / /home rw - nfs4 filer:/export/home rw\n");
  view->Space("/home", testing::SpaceGib(20000, 8000));
  CheckOutcome out = testing::RunCheck("hardware.storage", view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* nfs = testing::FindFinding(out, "hardware.storage.network");
  ASSERT_NE(nfs, nullptr);
  EXPECT_EQ(nfs->message,
            "home directory /home/alice is on nfs4 filer:/export/home mounted at /home, a network "
            "filesystem: loading models runs at the network's speed.");
  EXPECT_EQ(nfs->evidence.at(0).source, "/proc/self/mountinfo line 2");
  EXPECT_EQ(nfs->params.at("path"), "/home/alice");
  EXPECT_FALSE(testing::HasFinding(out, "hardware.storage.nearly_full"));
}

TEST(HardwareStorage, RotationalDiskForTheHuggingFaceCacheWarns) {
  auto view = Host(
      "1 0 259:0 / / rw - ext4 /dev/nvme0n1 rw\n"
      "3 1 8:0 / /data rw - xfs /dev/sda rw\n");
  view->Env("HF_HOME", "/data/hf").Env("HF_DATASETS_CACHE", "/data/datasets");
  view->Space("/", testing::SpaceGib(1800, 900)).Space("/data", testing::SpaceGib(8000, 7000));
  CheckOutcome out = testing::RunCheck("hardware.storage", view);
  EXPECT_EQ(out.status, Status::kWarn);
  const Finding* hdd = testing::FindFinding(out, "hardware.storage.rotational");
  ASSERT_NE(hdd, nullptr);
  EXPECT_EQ(hdd->message,
            "$HF_HOME /data/hf, $HF_DATASETS_CACHE /data/datasets are on xfs /dev/sda mounted at "
            "/data, whose disk (sda) is rotational.");
  EXPECT_EQ(hdd->evidence.at(0).source, std::string(kSata) + "/block/sda/queue/rotational");
  EXPECT_EQ(out.findings.size(), 1u);  // the home directory's SSD is fine
}

TEST(HardwareStorage, NearlyFullByShareAndByBytes) {
  // 5% of 200 GiB: both under 10% and under 50 GiB.
  auto small = Host("1 0 259:0 / / rw - ext4 /dev/nvme0n1 rw\n");
  small->Space("/", testing::SpaceGib(200, 10));
  CheckOutcome a = testing::RunCheck("hardware.storage", small);
  const Finding* full = testing::FindFinding(a, "hardware.storage.nearly_full");
  ASSERT_NE(full, nullptr);
  EXPECT_EQ(full->message,
            "/ (home directory /home/alice) has 10.0 GiB available of 200.0 GiB (5%): less than "
            "10% of it and less than 50 GiB.");
  EXPECT_EQ(full->evidence.at(0).source, "statvfs(/)");

  // 60 GiB of 1000 GiB: 6%, though above 50 GiB.
  auto share = Host("1 0 259:0 / / rw - ext4 /dev/nvme0n1 rw\n");
  share->Space("/", testing::SpaceGib(1000, 60));
  CheckOutcome b = testing::RunCheck("hardware.storage", share);
  const Finding* by_share = testing::FindFinding(b, "hardware.storage.nearly_full");
  ASSERT_NE(by_share, nullptr);
  EXPECT_NE(by_share->message.find(": less than 10% of it."), std::string::npos);

  // 40 GiB of 64 GiB: 62% free, but not room for one large model.
  auto bytes = Host("1 0 259:0 / / rw - ext4 /dev/nvme0n1 rw\n");
  bytes->Space("/", testing::SpaceGib(64, 40));
  CheckOutcome c = testing::RunCheck("hardware.storage", bytes);
  const Finding* by_bytes = testing::FindFinding(c, "hardware.storage.nearly_full");
  ASSERT_NE(by_bytes, nullptr);
  EXPECT_NE(by_bytes->message.find(": less than 50 GiB."), std::string::npos);

  // Exactly 50 GiB and 10% is not below either line.
  auto edge = Host("1 0 259:0 / / rw - ext4 /dev/nvme0n1 rw\n");
  edge->Space("/", testing::SpaceGib(500, 50));
  EXPECT_EQ(testing::RunCheck("hardware.storage", edge).status, Status::kPass);
}

TEST(HardwareStorage, UnknownSpaceAndMediumAreSaidNotGuessed) {
  auto view = Host("1 0 8:16 / / rw - ext4 /dev/sdb rw\n");  // no sysfs for sdb, no statvfs
  CheckOutcome out = testing::RunCheck("hardware.storage", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("medium unknown (no such block device in sysfs)"), std::string::npos)
      << out.summary;
  EXPECT_NE(out.summary.find("free space unknown (not recorded in this capture)"),
            std::string::npos)
      << out.summary;
}

TEST(HardwareStorage, MountTableMissingSkipsUnreadableIsUnknown) {
  auto absent = std::make_shared<FakeSystemView>();
  absent->Env("HOME", "/root");
  CheckOutcome skipped = testing::RunCheck("hardware.storage", absent);
  EXPECT_EQ(skipped.status, Status::kSkip);
  EXPECT_EQ(skipped.summary, "no mount table: /proc/self/mountinfo does not exist in this capture");

  auto denied = std::make_shared<FakeSystemView>();
  denied->Unreadable("/proc/self/mountinfo").Env("HOME", "/root");
  CheckOutcome unknown = testing::RunCheck("hardware.storage", denied);
  EXPECT_EQ(unknown.status, Status::kUnknown);
  EXPECT_TRUE(testing::HasFinding(unknown, "hardware.storage.unknown"));

  auto nobody = std::make_shared<FakeSystemView>();
  nobody->File("/proc/self/mountinfo", "1 0 8:0 / / rw - ext4 /dev/sda rw\n");
  EXPECT_EQ(testing::RunCheck("hardware.storage", nobody).status, Status::kSkip);
}

TEST(HardwareStorage, RelativeCacheVariableIsNotJudged) {
  auto view = Host("1 0 259:0 / / rw - ext4 /dev/nvme0n1 rw\n");
  view->Env("TORCH_HOME", "cache/torch").Space("/", testing::SpaceGib(1800, 900));
  CheckOutcome out = testing::RunCheck("hardware.storage", view);
  EXPECT_EQ(out.status, Status::kPass);
  EXPECT_NE(out.summary.find("$TORCH_HOME \"cache/torch\" not judged: not an absolute path"),
            std::string::npos)
      << out.summary;
}

}  // namespace
}  // namespace rocm_doctor
