// SPDX-License-Identifier: MIT
// SystemView::ReadFilesBelow: the machine directory's one-resolution route answers every name
// exactly as ReadFile(dir + "/" + name) does - contents, statuses and error texts - whatever the
// name meets on the way (a symlink, "..", a device node, a FIFO, a recorded error, the metadata).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "rocm_doctor/forwarding_system_view.h"
#include "system/machine_dir_view.h"
#include "temp_tree.h"

namespace rocm_doctor::system {
namespace {

using testing::TempTree;

std::shared_ptr<const SystemView> OpenOrDie(const TempTree& tree) {
  auto view = MachineDirSystemView::Open(tree.path(), tree.path());
  EXPECT_TRUE(view.ok()) << (view.ok() ? "" : view.error());
  return view.ok() ? view.value() : nullptr;
}

// Each name read below `dir` in one call is what ReadFile answers for that path.
void ExpectSameAsReadFile(const SystemView& view, const std::string& dir,
                          const std::vector<std::string>& names, std::size_t limit = 4096) {
  const std::vector<FileContent> got = view.ReadFilesBelow(dir, names, limit);
  ASSERT_EQ(got.size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string path = (dir == "/" ? "" : dir) + "/" + names[i];
    const FileContent want = view.ReadFile(path, limit);
    EXPECT_EQ(got[i].status, want.status) << path;
    EXPECT_EQ(got[i].data, want.data) << path;
    EXPECT_EQ(got[i].error, want.error) << path;
    EXPECT_EQ(got[i].truncated, want.truncated) << path;
  }
}

// The tree of a replayed KFD topology reached through /sys/class/kfd (a symlink), with every
// kind of name the one-call route must hand back to ReadFile.
void MakeHostileTopology(TempTree& tree) {
  const std::string nodes = "sys/devices/virtual/kfd/kfd/topology/nodes/";
  tree.File(nodes + "1/properties", "simd_count 304\n")
      .File(nodes + "1/io_links/0/properties", "type 11\nnode_to 2\n")
      .File(nodes + "1/io_links/1/properties", "type 2\n")
      .File(nodes + "1/big", std::string(100, 'x'))
      .File(nodes + "2/properties", "simd_count 0\n")
      .Dir(nodes + "1/io_links/2")
      .Link(nodes + "1/linked", "2/properties")
      .Link(nodes + "1/io_links/3", "../../2")
      .Link(nodes + "1/escape", "/../../../../etc/hostname")
      .File("etc/hostname", "replayed\n")
      .Link("sys/class/kfd/kfd", "../../devices/virtual/kfd/kfd")
      .File("dev/kfd", "");
  ::mkfifo(tree.At(nodes + "1/fifo").c_str(), 0644);
  tree.MachineJson(R"({"errors": {"read": {
      "/sys/class/kfd/kfd/topology/nodes/1/gpu_id":
          {"status": "permission-denied", "error": "Operation not permitted"},
      "/sys/devices/virtual/kfd/kfd/topology/nodes/2/properties":
          {"status": "error", "error": "Input/output error"}}}})");
}

TEST(ReadFilesBelow, EveryNameIsAnsweredAsReadFileAnswersIt) {
  TempTree tree;
  MakeHostileTopology(tree);
  auto view = OpenOrDie(tree);
  const std::vector<std::string> names = {
      "properties",          "io_links/0/properties", "io_links/1/properties",
      "io_links/2",          "io_links/3/properties", "linked",
      "escape",              "fifo",                  "missing",
      "io_links/9/missing",  "gpu_id",                "../2/properties",
      "./properties",        "io_links//0/properties", "/properties",
      "big",                 "properties/",           ""};
  ExpectSameAsReadFile(*view, "/sys/class/kfd/kfd/topology/nodes/1", names);
  ExpectSameAsReadFile(*view, "/sys/devices/virtual/kfd/kfd/topology/nodes/1", names);
  ExpectSameAsReadFile(*view, "/sys/class/kfd/kfd/topology/nodes/1", {"big"}, 10);
  const std::vector<FileContent> got =
      view->ReadFilesBelow("/sys/class/kfd/kfd/topology/nodes/1", {"io_links/0/properties"});
  ASSERT_TRUE(got[0].ok());
  EXPECT_EQ(got[0].data, "type 11\nnode_to 2\n");
}

TEST(ReadFilesBelow, TheRootTheMetadataDevicesAndMissingDirectories) {
  TempTree tree;
  MakeHostileTopology(tree);
  auto view = OpenOrDie(tree);
  ExpectSameAsReadFile(*view, "/", {"etc/hostname", ".rocm-doctor/machine.json", "dev/kfd"});
  ExpectSameAsReadFile(*view, "", {"etc/hostname", ".rocm-doctor/machine.json"});
  ExpectSameAsReadFile(*view, "/dev", {"kfd", "null"});
  ExpectSameAsReadFile(*view, "/.rocm-doctor", {"machine.json"});
  ExpectSameAsReadFile(*view, "/sys/absent", {"properties"});
  ExpectSameAsReadFile(*view, "/etc/hostname", {"properties"});  // a file, not a directory
  ExpectSameAsReadFile(*view, "/sys/class/kfd/kfd/topology/nodes/2", {"properties"});
  EXPECT_TRUE(view->ReadFilesBelow("/sys", {}).empty());
}

// A decorator that overrides ReadFile keeps it for the names read below a directory: the base
// class answers through ReadFile, so a recording or deadline view sees each file.
TEST(ReadFilesBelow, ADecoratorsReadFileSeesEveryName) {
  TempTree tree;
  MakeHostileTopology(tree);
  class Counting : public ForwardingSystemView {
   public:
    using ForwardingSystemView::ForwardingSystemView;
    FileContent ReadFile(std::string_view path, std::size_t limit) const override {
      seen.emplace_back(path);
      return ForwardingSystemView::ReadFile(path, limit);
    }
    mutable std::vector<std::string> seen;
  };
  Counting view(OpenOrDie(tree));
  const std::vector<FileContent> got =
      view.ReadFilesBelow("/sys/class/kfd/kfd/topology/nodes/1/", {"properties", "missing"});
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].data, "simd_count 304\n");
  EXPECT_EQ(got[1].status, FsStatus::kNotFound);
  EXPECT_EQ(view.seen, (std::vector<std::string>{"/sys/class/kfd/kfd/topology/nodes/1/properties",
                                                 "/sys/class/kfd/kfd/topology/nodes/1/missing"}));
}

}  // namespace
}  // namespace rocm_doctor::system
