// SPDX-License-Identifier: MIT
#include "collect/storage/filesystem_types.h"

#include <gtest/gtest.h>

namespace rocm_doctor::fstypes {
namespace {

TEST(FilesystemTypes, NetworkTypes) {
  for (const char* type : {"nfs", "nfs4", "cifs", "smb3", "ceph", "lustre", "gpfs", "beegfs", "9p",
                           "fuse.sshfs", "fuse.ceph-fuse", "fuse.glusterfs", "fuse.s3fs"}) {
    EXPECT_TRUE(IsNetwork(type)) << type;
  }
  for (const char* type : {"ext4", "xfs", "btrfs", "zfs", "overlay", "tmpfs", "fuse", "fuse.",
                           "fuse.portal", "nfsd", "autofs", "virtiofs", "", "NFS"}) {
    EXPECT_FALSE(IsNetwork(type)) << type;
  }
}

TEST(FilesystemTypes, MemoryTypes) {
  EXPECT_TRUE(IsMemory("tmpfs"));
  EXPECT_TRUE(IsMemory("ramfs"));
  EXPECT_FALSE(IsMemory("devtmpfs"));  // /dev, never a place for data
  EXPECT_FALSE(IsMemory("ext4"));
}

}  // namespace
}  // namespace rocm_doctor::fstypes
