// SPDX-License-Identifier: MIT
// hardware.storage: the filesystems where models and datasets would live (the home directory
// and the model caches set in the environment): a network filesystem, a rotational disk or a
// nearly full filesystem is a warning with the numbers.
#include "rocm_doctor/facts/storage_facts.h"

#include <map>
#include <string>
#include <vector>

#include "base/text_parse.h"
#include "gpu_label.h"
#include "rocm_doctor/check.h"

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

// The finding codes this check reports (registered with it; stable, never reused).
constexpr FindingSpec kFindings[] = {
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

constexpr CheckInfo kInfo{.id = "hardware.storage",
                          .layer = Layer::kHardware,
                          .title = "Model storage",
                          .findings = kFindings};

// "Nearly full": less than 10% available (the share ext4 and XFS keep clear of fragmentation,
// and twice ext4's default 5% root reserve) or less than 50 GiB available, whichever comes
// first: 50 GiB holds about three 8B-parameter models in 16-bit weights (16 GB each) and not one
// 70B model (140 GB). Sizes are in GiB (2^30 bytes), as df -h prints them.
constexpr double kMinAvailFraction = 0.10;
constexpr double kMinAvailGib = 50;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// "home directory /home/alice, $HF_HOME /data/hf": the places on filesystem `fs`.
std::string Places(const StorageFacts& facts, std::size_t fs, std::string& first_path,
                   std::size_t& count) {
  std::string out;
  count = 0;
  for (const StoragePlace& place : facts.places) {
    if (place.filesystem != fs) continue;
    if (count++ == 0) first_path = place.path;
    out += (out.empty() ? "" : ", ") + place.role + " " + parse::Printable(place.path, 120);
  }
  return out;
}

std::string Where(const StorageFilesystem& fs) {
  return parse::Printable(fs.fstype, 40) + " " + parse::Printable(fs.mount_source, 120) +
         " mounted at " + parse::Printable(fs.mount_point, 120);
}

std::string Space(const FsSpace& space) {
  const double size = static_cast<double>(space.size_bytes);
  const double pct = size > 0 ? 100.0 * static_cast<double>(space.avail_bytes) / size : 0;
  return hardware::Gib(static_cast<double>(space.avail_bytes)) + " available of " +
         hardware::Gib(size) + " (" + hardware::Fixed(pct, 0) + "%)";
}

CheckOutcome Run(const CheckContext& ctx) {
  const StorageFacts& facts = ctx.facts.Get<StorageFacts>();
  if (!facts.mounts.known()) {
    if (facts.mount_table_status == FsStatus::kNotFound) {
      return CheckOutcome::Skip(
          "no mount table: " + facts.mounts.source + " does not exist" +
          (ctx.facts.IsReplay() ? " in this capture" : " (/proc not mounted?)"));
    }
    return CheckOutcome::FromFindings(
        {MakeFinding("hardware.storage.unknown",
                     facts.mounts.source + " could not be read: " + facts.mounts.error + ".",
                     {{facts.mounts.source, facts.mounts.error, "the mount table"}})});
  }
  if (facts.places.empty()) {
    return CheckOutcome::Skip(
        "no home directory ($HOME, /etc/passwd) and no model cache "
        "variable is set");
  }
  std::vector<Finding> findings;
  std::vector<std::string> notes;
  for (std::size_t i = 0; i < facts.filesystems.size(); ++i) {
    const StorageFilesystem& fs = facts.filesystems[i];
    std::string path;
    std::size_t count = 0;
    const std::string places = Places(facts, i, path, count);
    const std::string is = count == 1 ? " is" : " are";
    const std::map<std::string, std::string> params = {
        {"path", path}, {"mount_point", fs.mount_point}, {"fstype", fs.fstype}};
    std::string note = places + ": " + Where(fs);
    if (fs.network) {
      findings.push_back(
          MakeFinding("hardware.storage.network",
                      places + is + " on " + Where(fs) +
                          ", a network filesystem: loading models runs at the network's speed.",
                      {{fs.mount_evidence, Where(fs), "a local filesystem"}}, params));
    }
    if (fs.rotational.known() && *fs.rotational) {
      findings.push_back(MakeFinding(
          "hardware.storage.rotational",
          places + is + " on " + Where(fs) + ", whose disk (" + fs.devices + ") is rotational.",
          {{fs.rotational.source, "1 (rotational)", "0 (solid state)"}}, params));
    } else if (fs.rotational.known()) {
      note += ", solid state (" + fs.devices + ")";
    } else if (!fs.network) {
      note += ", medium unknown (" + fs.rotational.error + ")";
    }
    if (fs.space.known() && fs.space->size_bytes > 0) {
      const FsSpace& space = *fs.space;
      const double avail = static_cast<double>(space.avail_bytes);
      const double size = static_cast<double>(space.size_bytes);
      const bool low_share = avail < kMinAvailFraction * size;
      const bool low_bytes = avail < kMinAvailGib * kGiB;
      if (low_share || low_bytes) {
        std::string why = low_share ? "less than 10% of it" : "";
        if (low_bytes) why += std::string(why.empty() ? "" : " and ") + "less than 50 GiB";
        findings.push_back(
            MakeFinding("hardware.storage.nearly_full",
                        parse::Printable(fs.mount_point, 120) + " (" + places + ") has " +
                            Space(space) + ": " + why + ".",
                        {{fs.space.source,
                          std::to_string(space.avail_bytes) + " bytes available of " +
                              std::to_string(space.size_bytes),
                          "at least 10% and 50 GiB available"}},
                        params));
      } else {
        note += ", " + Space(space);
      }
    } else if (!fs.space.known()) {
      note += ", free space unknown (" + fs.space.error + ")";
    }
    notes.push_back(std::move(note));
  }
  for (const StoragePlace& place : facts.places) {
    if (!place.error.empty()) {
      notes.push_back(place.role + " \"" + parse::Printable(place.path, 120) +
                      "\" not judged: " + place.error);
    }
  }
  std::string summary;
  for (const std::string& note : notes) summary += (summary.empty() ? "" : "; ") + note;
  if (findings.empty()) return CheckOutcome::Pass(summary);
  return CheckOutcome::FromFindings(std::move(findings));
}

ROCMDOC_REGISTER_CHECK(kInfo, Run);

}  // namespace
}  // namespace rocm_doctor
