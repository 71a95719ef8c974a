// SPDX-License-Identifier: MIT
#include "collect/storage/filesystem_types.h"

#include <algorithm>
#include <iterator>

namespace rocm_doctor::fstypes {
namespace {

// The union of the network types util-linux's libmount knows (mnt_fstype_is_netfs() in
// libmount/src/utils.c: cifs, smb3, smbfs, nfs*, afs, ncpfs, glusterfs, curlftpfs, sshfs, 9p*)
// and systemd's fstype_is_network() (src/basic/mountpoint-util.c: afs, ceph, cifs, smb3, smbfs,
// sshfs, ncp, ncpfs, nfs, nfs4, gfs, gfs2, glusterfs, pvfs2, ocfs2, lustre, davfs), plus the
// parallel filesystems of GPU clusters under the type names their clients mount: IBM Storage
// Scale "gpfs", "beegfs", WekaFS "wekafs", and the FUSE object-store clients (s3fs, gcsfuse,
// rclone, juicefs, ceph-fuse, which mountinfo shows as "fuse.<name>").
constexpr std::string_view kNetwork[] = {
    "9p",     "afs",     "beegfs", "ceph", "ceph-fuse", "cifs",  "curlftpfs",
    "davfs",  "gcsfuse", "gfs",    "gfs2", "glusterfs", "gpfs",  "juicefs",
    "lustre", "ncp",     "ncpfs",  "nfs",  "nfs4",      "ocfs2", "orangefs",
    "pvfs2",  "rclone",  "s3fs",   "smb3", "smbfs",     "sshfs", "wekafs",
};

}  // namespace

bool IsNetwork(std::string_view fstype) {
  if (fstype.substr(0, 5) == "fuse.") fstype.remove_prefix(5);
  // "nfs4" and the like are listed; libmount also takes any "nfs..." and "9p..." name.
  // "nfsd" is the NFS server's control filesystem (/proc/fs/nfsd), not a client mount.
  if (fstype == "nfsd") return false;
  if (fstype.substr(0, 3) == "nfs" || fstype.substr(0, 2) == "9p") return true;
  return std::find(std::begin(kNetwork), std::end(kNetwork), fstype) != std::end(kNetwork);
}

bool IsMemory(std::string_view fstype) { return fstype == "tmpfs" || fstype == "ramfs"; }

}  // namespace rocm_doctor::fstypes
