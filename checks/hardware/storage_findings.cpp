// Finding codes of hardware.storage: where models and datasets would live (DESIGN rule 6).
#include "rocm_doctor/catalog.h"

namespace rocm_doctor {
namespace {

constexpr std::string_view kNetworkCommands[] = {
    "findmnt -T {path}",
    "export HF_HOME=/path/on/a/local/nvme/huggingface   # then download the models again",
};
constexpr std::string_view kRotationalCommands[] = {
    "lsblk -d -o NAME,ROTA,SIZE,MODEL",
    "export HF_HOME=/path/on/an/ssd/huggingface",
};
constexpr std::string_view kFullCommands[] = {
    "df -h {mount_point}",
    "du -xh --max-depth=2 {path} 2>/dev/null | sort -h | tail -20",
    "huggingface-cli delete-cache   # pick the cached model revisions to remove",
};
constexpr std::string_view kUnknownCommands[] = {"ls -l /proc/self/mountinfo", "findmnt"};

constexpr FindingSpec kSpecs[] = {
    {.code = "hardware.storage.network",
     .severity = Status::kWarn,
     .title = "models or datasets would be read from a network filesystem",
     .remediation =
         "The home directory or a model cache ($HF_HOME, $TORCH_HOME, ...) is on a network "
         "filesystem (NFS, SMB, Lustre, sshfs ...). Loading tens of GB of weights then runs at "
         "the network's speed and the file server's, which many GPU jobs share, and a lost "
         "server hangs the job. Point the caches at a local disk (or stage the models there "
         "before a run); keep the network share for the originals.",
     .commands = kNetworkCommands},
    {.code = "hardware.storage.rotational",
     .severity = Status::kWarn,
     .title = "models or datasets would be read from a rotational disk",
     .remediation =
         "The disk under the home directory or a model cache spins (sysfs queue/rotational is "
         "1): a hard disk reads about 0.1-0.25 GB/s sequentially and far less at random, an NVMe "
         "SSD 2-7 GB/s, so loading a model or streaming a dataset takes many times longer. Put "
         "the caches on an SSD.",
     .commands = kRotationalCommands},
    {.code = "hardware.storage.nearly_full",
     .severity = Status::kWarn,
     .title = "little space is left where models or datasets would be stored",
     .remediation =
         "Less than 10% of the filesystem, or less than 50 GiB, is available to the user: one "
         "large model no longer fits (a 70B-parameter model in 16-bit weights is about 140 GB, "
         "an 8B one about 16 GB, and the Hugging Face cache keeps every revision downloaded), "
         "and a download that fills the disk fails half way. Free space, or move the caches "
         "to a larger filesystem.",
     .commands = kFullCommands},
    {.code = "hardware.storage.unknown",
     .severity = Status::kUnknown,
     .title = "the mount table could not be read",
     .remediation = "/proc/self/mountinfo exists but could not be read, so the filesystems that "
                    "hold the home directory and the model caches are unknown. Run the doctor "
                    "where /proc is readable.",
     .commands = kUnknownCommands},
};

ROCMDOC_REGISTER_FINDINGS(kSpecs);

}  // namespace
}  // namespace rocm_doctor
