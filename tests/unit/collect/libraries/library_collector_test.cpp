// SPDX-License-Identifier: MIT
// library_collector: inventory, versions, Tensile dirs and offload-bundle scans on a fake system,
// the hipcc-built fixtures, and the real Debian librocsparse0 when it is installed.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "checks/libraries/libraries_fixture.h"
#include "collect/libraries/elf_reader.h"
#include "rocm_doctor/facts/libraries.h"
#include "support/fake_system_view.h"
#include "system/live_system_view.h"
#include "system/machine_dir_view.h"
#include "system/recording_system_view.h"
#include "unit/collect/libraries/elf_builder.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor::testing {
namespace {

constexpr char kLib[] = "/opt/rocm-6.2.0/lib";

std::string Fixture(const std::string& name) {
  std::ifstream in(std::string(ROCMDOC_SOURCE_DIR) + "/tests/fixtures/libraries/" + name,
                   std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::shared_ptr<FakeSystemView> Rocm62() {
  auto view = std::make_shared<FakeSystemView>();
  view->Link("/opt/rocm", "rocm-6.2.0");
  view->File(std::string(kLib) + "/libamdhip64.so.6.2.60200", "");
  view->Link(std::string(kLib) + "/libamdhip64.so.6", "libamdhip64.so.6.2.60200");
  view->File(std::string(kLib) + "/librocblas.so.4.2.60200", "");
  view->Link(std::string(kLib) + "/librocblas.so.4", "librocblas.so.4.2.60200");
  view->Link(std::string(kLib) + "/librocblas.so", "librocblas.so.4");
  view->File(std::string(kLib) + "/librocsparse.so.1.0.60000", Fixture("libfx_gfx90a_gfx1030.so"));
  view->File(std::string(kLib) + "/libmigraphx_c.so.3.0.60200", "");
  view->File(std::string(kLib) + "/libmigraphx.so.2010000.0.60200", "");
  view->File(std::string(kLib) + "/rocblas/library/TensileLibrary_lazy_gfx1030.dat", "");
  view->File(std::string(kLib) + "/rocblas/library/TensileLibrary_lazy_gfx90a.dat", "");
  view->File(std::string(kLib) + "/rocblas/library/Kernels.so-000-gfx90a-xnack-.hsaco", "");
  return view;
}

const LibraryDir* DirOf(const LibraryFacts& f, const std::string& dir) {
  for (const LibraryDir& d : f.dirs) {
    if (d.dir == dir) return &d;
  }
  return nullptr;
}

const InstalledLibrary* LibOf(const LibraryDir& d, const std::string& name) {
  for (const InstalledLibrary& l : d.libraries) {
    if (l.name == name) return &l;
  }
  return nullptr;
}

TEST(LibraryCollector, InventoryOfAnOptInstall) {
  auto view = Rocm62();
  LibraryFacts facts = CollectFacts<LibraryFacts>(*view);
  // /opt/rocm resolves to /opt/rocm-6.2.0: one directory, plus the multiarch dir searched.
  EXPECT_EQ(facts.searched, (std::vector<std::string>{kLib, "/usr/lib/x86_64-linux-gnu"}));
  const LibraryDir* dir = DirOf(facts, kLib);
  ASSERT_NE(dir, nullptr);
  EXPECT_EQ(dir->found_by, "/opt/rocm");
  const InstalledLibrary* blas = LibOf(*dir, "rocBLAS");
  ASSERT_NE(blas, nullptr);
  EXPECT_EQ(blas->path, std::string(kLib) + "/librocblas.so.4.2.60200");
  EXPECT_EQ(blas->files.size(), 3u);
  EXPECT_EQ(*blas->version, "4.2.60200");
  EXPECT_EQ(*blas->release, "6.2.0");
  const InstalledLibrary* sparse = LibOf(*dir, "rocSPARSE");
  ASSERT_NE(sparse, nullptr);
  EXPECT_EQ(*sparse->release, "6.0.0");
  const InstalledLibrary* migraphx = LibOf(*dir, "MIGraphX");
  ASSERT_NE(migraphx, nullptr);
  EXPECT_EQ(migraphx->path, std::string(kLib) + "/libmigraphx.so.2010000.0.60200");
  EXPECT_EQ(LibOf(*dir, "MIOpen"), nullptr);
  ASSERT_TRUE(dir->hip.has_value());
  EXPECT_EQ(*dir->hip->release, "6.2.0");
  ASSERT_EQ(dir->tensile.size(), 1u);
  EXPECT_EQ(dir->tensile[0].dir, std::string(kLib) + "/rocblas/library");
  EXPECT_TRUE(dir->tensile[0].Covers("gfx90a"));
  EXPECT_FALSE(dir->tensile[0].Covers("gfx1031"));
  EXPECT_FALSE(facts.tensile_libpath.has_value());
}

TEST(LibraryCollector, TensileLibpathAndEnvironment) {
  auto view = Rocm62();
  view->Env("ROCBLAS_TENSILE_LIBPATH", "/srv/tensile");
  view->Env("HSA_OVERRIDE_GFX_VERSION", "10.3.0");
  view->File("/srv/tensile/TensileLibrary_lazy_gfx1100.dat", "");
  LibraryFacts facts = CollectFacts<LibraryFacts>(*view);
  ASSERT_TRUE(facts.tensile_libpath.has_value());
  EXPECT_TRUE(facts.tensile_libpath->Covers("gfx1100"));
  EXPECT_EQ(*facts.override_gfx, "10.3.0");
  EXPECT_FALSE(facts.hsa_xnack.known());
}

TEST(LibraryCollector, UnreadableDirectory) {
  auto view = std::make_shared<DeniedDirsView>();
  view->DenyList("/opt/rocm-6.2.0/lib");
  LibraryFacts facts = CollectFacts<LibraryFacts>(*view);
  const LibraryDir* dir = DirOf(facts, kLib);
  ASSERT_NE(dir, nullptr);
  EXPECT_EQ(dir->status, FsStatus::kPermissionDenied);
}

TEST(LibraryCollector, CodeObjectsOfTheHipccFixture) {
  auto view = Rocm62();
  CodeObjectFacts facts = CollectFacts<CodeObjectFacts>(*view);
  const CodeObjectScan* sparse = nullptr;
  std::size_t placeholders = 0;
  for (const CodeObjectScan& s : facts.scans) {
    if (s.library == "rocSPARSE") sparse = &s;
    placeholders += s.state == CodeObjectScan::State::kPlaceholder;
  }
  EXPECT_EQ(placeholders, 2u);  // librocblas and libmigraphx are empty stand-ins
  ASSERT_NE(sparse, nullptr);
  EXPECT_EQ(sparse->state, CodeObjectScan::State::kTargets) << sparse->error;
  EXPECT_EQ(sparse->targets, (std::set<std::string>{"gfx1030", "gfx90a:xnack-"}));
  EXPECT_EQ(sparse->bundles, 1u);
  EXPECT_TRUE(sparse->complete);
  EXPECT_EQ(sparse->source, std::string(kLib) + "/librocsparse.so.1.0.60000 .hip_fatbin");
}

CodeObjectScan ScanOne(const std::string& bytes) {
  FakeSystemView view;
  view.File(std::string(kLib) + "/librocrand.so.1.1.60200", bytes);
  CodeObjectFacts facts = CollectFacts<CodeObjectFacts>(view);
  EXPECT_EQ(facts.scans.size(), 1u);
  return facts.scans.empty() ? CodeObjectScan{} : facts.scans[0];
}

TEST(LibraryCollector, HostileLibraries) {
  const std::string fixture = Fixture("libfx_gfx90a_gfx1030.so");
  ASSERT_GT(fixture.size(), 8192u);
  CodeObjectScan truncated = ScanOne(fixture.substr(0, 30));
  EXPECT_EQ(truncated.state, CodeObjectScan::State::kUnreadable);
  EXPECT_EQ(truncated.error, "truncated ELF header (30 of 64 bytes)");
  CodeObjectScan not_elf = ScanOne("!<arch>\n");
  EXPECT_EQ(not_elf.state, CodeObjectScan::State::kUnreadable);
  // A prefix that ends before the section table: bundles are searched by magic.
  CodeObjectScan prefix = ScanOne(fixture.substr(0, 0x6000));
  EXPECT_EQ(prefix.state, CodeObjectScan::State::kTargets) << prefix.error;
  EXPECT_EQ(prefix.targets, (std::set<std::string>{"gfx1030", "gfx90a:xnack-"}));
  EXPECT_NE(prefix.source.find("section headers beyond"), std::string::npos);
  // No .hip_fatbin at all: an ordinary shared library.
  CodeObjectScan plain = ScanOne(BuildElf({{".text", "code"}}));
  EXPECT_EQ(plain.state, CodeObjectScan::State::kNoDeviceCode);
  // .hip_fatbin whose bundle claims 2^32 entries.
  std::string huge = "__CLANG_OFFLOAD_BUNDLE__";
  AppendLe(huge, 1ull << 32, 8);
  CodeObjectScan hostile = ScanOne(BuildElf({{".hip_fatbin", Fatbin({huge}), 4096}}));
  EXPECT_EQ(hostile.state, CodeObjectScan::State::kUnreadable);
  EXPECT_NE(hostile.error.find("claims 4294967296 entries"), std::string::npos) << hostile.error;
  // Only compressed bundles.
  std::string ccob = "CCOB";
  AppendLe(ccob, 3, 2);
  AppendLe(ccob, 1, 2);
  AppendLe(ccob, 64, 8);
  ccob.resize(64, 'z');
  CodeObjectScan compressed = ScanOne(BuildElf({{".hip_fatbin", Fatbin({ccob}), 4096}}));
  EXPECT_EQ(compressed.state, CodeObjectScan::State::kCompressed);
  EXPECT_EQ(compressed.compressed, 1u);
}

CodeObjectScan ScanWith(const std::string& bytes, bool ranged,
                        std::size_t* ranged_bytes = nullptr) {
  FakeSystemView view;
  view.File(std::string(kLib) + "/librocrand.so.1.1.60200", bytes);
  if (!ranged) view.NoRangedReads();
  CodeObjectFacts facts = CollectFacts<CodeObjectFacts>(view);
  if (ranged_bytes != nullptr) *ranged_bytes = view.ranged_bytes();
  EXPECT_EQ(facts.scans.size(), 1u);
  return facts.scans.empty() ? CodeObjectScan{} : facts.scans[0];
}

void ExpectSameScan(const char* label, const CodeObjectScan& a, const CodeObjectScan& b) {
  EXPECT_EQ(a.state, b.state) << label;
  EXPECT_EQ(a.targets, b.targets) << label;
  EXPECT_EQ(a.bundles, b.bundles) << label;
  EXPECT_EQ(a.compressed, b.compressed) << label;
  EXPECT_EQ(a.complete, b.complete) << label;
  EXPECT_EQ(a.source, b.source) << label;
  EXPECT_EQ(a.error, b.error) << label;
}

// The ranged path (section headers, then bundle headers) and the prefix path it falls back to
// (`capture`, views without ReadFileAt) give the same facts for every file the prefix holds whole.
TEST(LibraryCollector, RangedReadsAgreeWithThePrefixPath) {
  const std::string fixture = Fixture("libfx_gfx90a_gfx1030.so");
  const std::string a =
      BuildBundle({"host-x86_64-unknown-linux-gnu-", "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"});
  const std::string b =
      BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx1030", "hipv4-amdgcn-amd-amdhsa--gfx1100"});
  const std::string padding(3 * 4096, '\0');
  std::string huge = "__CLANG_OFFLOAD_BUNDLE__";
  AppendLe(huge, 1ull << 32, 8);
  std::string ccob = "CCOB";
  AppendLe(ccob, 2, 2);
  AppendLe(ccob, 1, 2);
  AppendLe(ccob, 64, 4);
  ccob.resize(64, 'z');
  const std::string several =
      BuildElf({{".text", std::string(10000, 'c')},
                {".hip_fatbin", Fatbin({a, b}) + padding + Fatbin({b, a}), 4096},
                {".data", "d"}});
  const std::uint64_t shoff = elf::LoadLe(several, 40, 8);
  std::string escaped = several;
  PutLe(escaped, 60, 0, 2);  // e_shnum 0: the count is section 0's sh_size
  PutLe(escaped, shoff + 32, 1ull << 40, 8);
  std::string shoff_beyond = several;
  PutLe(shoff_beyond, 40, 1ull << 40, 8);
  std::string no_table = several;
  PutLe(no_table, 40, 0, 8);
  std::string fatbin_beyond = several;  // .hip_fatbin (section 2) claims 2^60 bytes
  PutLe(fatbin_beyond, shoff + 2 * 64 + 32, 1ull << 60, 8);
  struct Case {
    const char* label;
    std::string bytes;
  };
  const Case cases[] = {
      {"hipcc fixture", fixture},
      {"several bundles and padding", several},
      {"hostile bundle count", BuildElf({{".hip_fatbin", Fatbin({a, huge, b}), 4096}})},
      {"compressed only", BuildElf({{".hip_fatbin", Fatbin({ccob}), 4096}})},
      {"escaped section count 2^40", escaped},
      {"section table beyond EOF", shoff_beyond},
      {"no section table", no_table},
      {".hip_fatbin beyond EOF", fatbin_beyond},
      {"prefix of the fixture", fixture.substr(0, 0x6000)},
      {"truncated header", fixture.substr(0, 30)},
      {"no .hip_fatbin", BuildElf({{".text", "code"}})},
      {"not ELF", "!<arch>\n"},
      {"empty", ""},
  };
  for (const Case& c : cases) {
    ExpectSameScan(c.label, ScanWith(c.bytes, true), ScanWith(c.bytes, false));
  }
  const CodeObjectScan got = ScanWith(several, true);
  EXPECT_EQ(got.state, CodeObjectScan::State::kTargets);
  EXPECT_EQ(got.bundles, 4u);
  EXPECT_EQ(got.targets, (std::set<std::string>{"gfx1030", "gfx1100", "gfx90a:xnack-"}));
  EXPECT_TRUE(got.complete);
  const CodeObjectScan escaped_scan = ScanWith(escaped, true);
  EXPECT_EQ(escaped_scan.error, "ELF claims 1099511627776 sections (limit 4096)");
}

// A library larger than the 64 MiB prefix, its section table at the end (as Debian's 1.3 GB
// librocsparse): ranged reads find every bundle and read a few KiB; the prefix path cannot.
TEST(LibraryCollector, RangedReadsReachPastThePrefix) {
  const std::string a = BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"});
  const std::string b = BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx1030"});
  const std::string lib = BuildElf({{".text", std::string(std::size_t{65} << 20, '\0')},
                                    {".hip_fatbin", Fatbin({a, b, a}), 4096}});
  std::size_t read_bytes = 0;
  const CodeObjectScan ranged = ScanWith(lib, true, &read_bytes);
  EXPECT_EQ(ranged.state, CodeObjectScan::State::kTargets) << ranged.error;
  EXPECT_EQ(ranged.targets, (std::set<std::string>{"gfx1030", "gfx90a:xnack-"}));
  EXPECT_EQ(ranged.bundles, 3u);
  EXPECT_TRUE(ranged.complete);
  EXPECT_EQ(ranged.source, std::string(kLib) + "/librocrand.so.1.1.60200 .hip_fatbin");
  EXPECT_LT(read_bytes, 32u * 1024);
  const CodeObjectScan prefix = ScanWith(lib, false);
  EXPECT_EQ(prefix.state, CodeObjectScan::State::kUnreadable);
  EXPECT_FALSE(prefix.complete);
  EXPECT_NE(prefix.source.find("bundles found by magic"), std::string::npos) << prefix.source;
}

// `capture` refuses ranged reads, so the scan takes its prefix read, which the capture stores
// (64 MiB of a larger library); the replay of that capture reads the stored copy and must give
// the capture's answer, incomplete included.
TEST(LibraryCollector, ACaptureReplaysToTheCapturesAnswer) {
  // One bundle whose single entry is `code` bytes long.
  auto big = [](const std::string& id, std::size_t code) {
    std::string out = "__CLANG_OFFLOAD_BUNDLE__";
    AppendLe(out, 1, 8);
    const std::size_t header = 32 + 24 + id.size();
    AppendLe(out, header, 8);
    AppendLe(out, code, 8);
    AppendLe(out, id.size(), 8);
    out += id;
    out.resize(header + code, 'k');
    return out;
  };
  // Two 33 MiB bundles, the second starting inside the first 64 MiB, a third and the section
  // table beyond them.
  const std::string lib =
      BuildElf({{".text", std::string(4096, 'c')},
                {".hip_fatbin",
                 Fatbin({big("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", std::size_t{33} << 20),
                         big("hipv4-amdgcn-amd-amdhsa--gfx1030", std::size_t{33} << 20),
                         BuildBundle({"hipv4-amdgcn-amd-amdhsa--gfx1100"})}),
                 4096}});
  auto host = std::make_shared<FakeSystemView>();
  host->File(std::string(kLib) + "/librocrand.so.1.1.60200", lib);
  const CodeObjectFacts live = CollectFacts<CodeObjectFacts>(*host);
  ASSERT_EQ(live.scans.size(), 1u);
  EXPECT_TRUE(live.scans[0].complete) << live.scans[0].error;
  EXPECT_EQ(live.scans[0].targets, (std::set<std::string>{"gfx1030", "gfx1100", "gfx90a:xnack-"}));
  RecordingSystemView recorder(host);
  CodeObjectFacts captured = CollectFacts<CodeObjectFacts>(recorder);
  ASSERT_EQ(captured.scans.size(), 1u);
  TempTree out;
  ASSERT_TRUE(recorder.WriteMachine(out.At("capture"), "code objects").ok());
  auto replay = system::MachineDirSystemView::Open(out.At("capture"), "capture");
  ASSERT_TRUE(replay.ok()) << replay.error();
  CodeObjectFacts replayed = CollectFacts<CodeObjectFacts>(*replay.value());
  ASSERT_EQ(replayed.scans.size(), 1u);
  const CodeObjectScan& c = captured.scans[0];
  ExpectSameScan("capture vs replay", c, replayed.scans[0]);
  EXPECT_EQ(c.targets, (std::set<std::string>{"gfx1030", "gfx90a:xnack-"}));
  EXPECT_FALSE(c.complete);
  EXPECT_NE(c.source.find("bundles found by magic"), std::string::npos) << c.source;
}

// The real Debian 12 librocsparse0 (5.3.0+dfsg-2, 1.3 GB): its section table is at the end of
// the file, read by ranged reads (ReadFileAt) with every bundle header after it (111 of them).
// roc-obj-ls lists gfx1030, gfx803, gfx900:xnack-, gfx906:xnack-, gfx908:xnack-, gfx90a:xnack+ and
// gfx90a:xnack-.
TEST(LibraryCollector, RealDebianRocsparse) {
  system::LiveSystemView live;
  LibraryFacts libs = CollectLibraries(live, {"/usr/lib/x86_64-linux-gnu"}, {"multiarch"});
  const LibraryDir* dir = DirOf(libs, "/usr/lib/x86_64-linux-gnu");
  const InstalledLibrary* sparse = dir ? LibOf(*dir, "rocSPARSE") : nullptr;
  if (sparse == nullptr)
    GTEST_SKIP() << "librocsparse0 is not installed (apt-get install librocsparse0)";
  EXPECT_EQ(*sparse->file_version, "0.1");  // the soname version: no ROCm release in it
  // The release is the owning package's (librocsparse0 5.3.0+dfsg-2 on this build host).
  ASSERT_TRUE(sparse->version.known()) << sparse->version.error;
  EXPECT_NE(sparse->version.source.find("(librocsparse0 "), std::string::npos)
      << sparse->version.source;
  ASSERT_TRUE(sparse->release.known()) << sparse->release.error;
  EXPECT_EQ(*sparse->release, *sparse->version);
  CodeObjectFacts code = CollectCodeObjects(live, libs);
  const CodeObjectScan* scan = nullptr;
  for (const CodeObjectScan& s : code.scans) {
    if (s.library == "rocSPARSE") scan = &s;
  }
  ASSERT_NE(scan, nullptr);
  ASSERT_EQ(scan->state, CodeObjectScan::State::kTargets) << scan->error;
  EXPECT_GT(scan->bundles, 0u);
  EXPECT_TRUE(scan->complete) << scan->error;
  EXPECT_EQ(scan->source, "/usr/lib/x86_64-linux-gnu/librocsparse.so.0.1 .hip_fatbin");
  for (const char* t : {"gfx1030", "gfx803", "gfx900:xnack-", "gfx906:xnack-", "gfx908:xnack-",
                        "gfx90a:xnack+", "gfx90a:xnack-"}) {
    EXPECT_EQ(scan->targets.count(t), 1u) << t;
  }
  EXPECT_EQ(scan->targets.size(), 7u);
}

}  // namespace
}  // namespace rocm_doctor::testing
