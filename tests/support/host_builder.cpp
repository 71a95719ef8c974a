// SPDX-License-Identifier: MIT
// HostBuilder: the distribution, users, kernel, Python and storage parts. PCI, KFD, device
// nodes and ROCm are in host_builder_gpu.cpp.
#include "support/host_builder.h"

#include <sstream>

namespace rocm_doctor::testing {

HostBuilder& HostBuilder::OsRelease(const std::string& id, const std::string& version_id,
                                    const std::string& pretty_name) {
  view_.File("/etc/os-release", "PRETTY_NAME=\"" + pretty_name + "\"\nID=" + id +
                                    "\nVERSION_ID=\"" + version_id + "\"\n");
  return *this;
}

void HostBuilder::PutColonRecord(const std::string& file, const std::string& key,
                                 const std::string& line) {
  const FileContent old = view_.ReadFile(file, std::size_t{1} << 20);
  std::istringstream in(old.ok() ? old.data : "");
  std::string out, each;
  bool replaced = false;
  while (std::getline(in, each)) {
    if (each.substr(0, each.find(':')) == key) {
      each = line;
      replaced = true;
    }
    out += each + "\n";
  }
  if (!replaced) out += line + "\n";
  view_.File(file, out);
}

HostBuilder& HostBuilder::Account(const std::string& name, std::uint32_t uid, std::uint32_t gid,
                                  const std::string& home) {
  PutColonRecord("/etc/passwd", name,
                 name + ":x:" + std::to_string(uid) + ":" + std::to_string(gid) + "::" + home +
                     ":/bin/bash");
  return *this;
}

HostBuilder& HostBuilder::Group(const std::string& name, std::uint32_t gid,
                                const std::vector<std::string>& members) {
  std::string list;
  for (const std::string& m : members) list += (list.empty() ? "" : ",") + m;
  PutColonRecord("/etc/group", name, name + ":x:" + std::to_string(gid) + ":" + list);
  return *this;
}

HostBuilder& HostBuilder::MachineUser(UserInfo user) {
  view_.User(std::move(user));
  return *this;
}

HostBuilder& HostBuilder::LoginUser(const UserInfo& user) {
  const std::string home = user.uid == 0 ? "/root" : "/home/" + user.name;
  Account(user.name, user.uid, user.gid, home);
  for (const GroupRef& g : user.groups) {
    if (!g.gid || g.name.empty()) continue;  // a gid without a name has no /etc/group line
    // The primary group names the user in /etc/passwd, not in its member list (useradd -U).
    Group(g.name, *g.gid, *g.gid == user.gid ? std::vector<std::string>{}
                                             : std::vector<std::string>{user.name});
  }
  return MachineUser(user);
}

HostBuilder& HostBuilder::Kernel(const std::string& release, const std::string& version,
                                 const std::string& machine) {
  view_.Kernel(UnameInfo{"Linux", release, version, machine});
  return *this;
}

HostBuilder& HostBuilder::Cmdline(const std::string& args) {
  view_.File("/proc/cmdline", args + "\n");
  return *this;
}

HostBuilder& HostBuilder::ProcModules(const std::string& text) {
  view_.File("/proc/modules", text);
  return *this;
}

HostBuilder& HostBuilder::ModuleIndex(const std::string& release, const std::string& name,
                                      const std::string& text) {
  view_.File("/lib/modules/" + release + "/" + name, text);
  return *this;
}

HostBuilder& HostBuilder::AmdgpuModule(const std::string& initstate,
                                       const std::string& dkms_version,
                                       const std::map<std::string, std::string>& parameters) {
  view_.File("/sys/module/amdgpu/initstate", initstate + "\n");
  if (!dkms_version.empty()) view_.File("/sys/module/amdgpu/version", dkms_version + "\n");
  for (const auto& [name, value] : parameters) {
    view_.File("/sys/module/amdgpu/parameters/" + name, value + "\n");
  }
  return *this;
}

HostBuilder& HostBuilder::SystemPython() {
  view_.File("/usr/bin/python3",
             "\x7f"
             "ELF");
  view_.Dir("/usr/lib/python3.11");
  view_.Dir("/usr/lib/python3/dist-packages");
  view_.Env("PATH", "/usr/local/bin:/usr/bin:/bin");
  view_.Env("HOME", "/home/alice");
  return *this;
}

HostBuilder& HostBuilder::Venv(const std::string& dir, const std::string& version) {
  const std::string minor = version.substr(0, version.rfind('.'));
  view_.File(dir + "/bin/python3",
             "\x7f"
             "ELF");
  view_.File(dir + "/pyvenv.cfg",
             "home = /usr/bin\ninclude-system-site-packages = false\nversion = " + version + "\n");
  view_.Dir(dir + "/lib/python" + minor + "/site-packages");
  view_.Env("VIRTUAL_ENV", dir);
  view_.Env("PATH", dir + "/bin:/usr/local/bin:/usr/bin:/bin");
  return *this;
}

HostBuilder& HostBuilder::DistInfo(const std::string& site, const std::string& dist,
                                   const std::string& version) {
  std::string dir = dist;  // the wheel's escaped name: '-' becomes '_'
  for (char& c : dir) {
    if (c == '-') c = '_';
  }
  view_.File(site + "/" + dir + "-" + version + ".dist-info/METADATA",
             DistMetadata(dist, version));
  return *this;
}

HostBuilder& HostBuilder::Torch(const std::string& site, const std::string& version,
                                const std::string& hip, const std::string& cuda,
                                const std::vector<std::string>& libs) {
  view_.File(site + "/torch/__init__.py", "");
  view_.File(site + "/torch/version.py", TorchVersionPy(version, hip, cuda));
  DistInfo(site, "torch", version);
  for (const std::string& lib : libs) view_.File(site + "/torch/lib/" + lib, "");
  return *this;
}

HostBuilder& HostBuilder::MountInfo(const std::string& text) {
  view_.File("/proc/self/mountinfo", text);
  return *this;
}

HostBuilder& HostBuilder::Disk(const std::string& device_dir, const std::string& name,
                               const std::string& majmin, int rotational) {
  const std::string dir = device_dir + "/block/" + name;
  view_.File(dir + "/queue/rotational", std::to_string(rotational) + "\n")
      .File(dir + "/dev", majmin + "\n")
      .Link("/sys/dev/block/" + majmin, "../../" + dir.substr(5))
      .Link("/sys/class/block/" + name, "../../" + dir.substr(5));
  return *this;
}

HostBuilder& HostBuilder::Partition(const std::string& device_dir, const std::string& disk,
                                    const std::string& part, const std::string& majmin) {
  const std::string dir = device_dir + "/block/" + disk + "/" + part;
  view_.File(dir + "/partition", "1\n")
      .File(dir + "/dev", majmin + "\n")
      .Link("/sys/dev/block/" + majmin, "../../" + dir.substr(5))
      .Link("/sys/class/block/" + part, "../../" + dir.substr(5));
  return *this;
}

}  // namespace rocm_doctor::testing
