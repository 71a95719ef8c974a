// SPDX-License-Identifier: MIT
#include "rocm_doctor/facts/gpu_table.h"

#include <gtest/gtest.h>

#include <string>

namespace rocm_doctor {
namespace {

constexpr std::string_view kHeader =
    "pci_device_id,pci_revision_id,name,gfx_target,kfd_gfx_target_version,architecture,apu,"
    "vram_gib,compute_units,peak_mem_bw_gbs,peak_fp32_vector_tflops,host_link,source\n";

GpuTable Table(std::string_view rows) {
  return GpuTable::Parse(std::string(kHeader) + std::string(rows));
}

TEST(GpuTableBuiltin, Mi300xIsGfx942) {
  const GpuTable& table = GpuTable::Builtin();
  EXPECT_GT(table.size(), 1000u);
  EXPECT_EQ(table.skipped_rows(), 0u);
  const GpuModel* m = table.Find(0x74a1, 0x00);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->name, "AMD Instinct MI300X");
  EXPECT_EQ(m->gfx_target, "gfx942");
  EXPECT_EQ(m->gfx_target_version, "90402");
  EXPECT_EQ(m->architecture, "CDNA3");
  EXPECT_FALSE(m->apu);
  EXPECT_EQ(m->compute_units, 304);  // "304 (38 per XCD)" in the research table
  EXPECT_EQ(m->vram_gib, 192);
  EXPECT_EQ(m->pcie_gen, 5);  // "PCIe Gen5 x16"
  EXPECT_EQ(m->pcie_width, 16);
  EXPECT_FALSE(m->family_fallback);
  EXPECT_NE(m->source.find("libdrm"), std::string::npos);
}

TEST(GpuTableBuiltin, Rx7900XtxByRevision) {
  const GpuTable& table = GpuTable::Builtin();
  const GpuModel* xtx = table.Find(0x744c, 0xc8);
  ASSERT_NE(xtx, nullptr);
  EXPECT_EQ(xtx->name, "AMD Radeon RX 7900 XTX");
  EXPECT_EQ(xtx->gfx_target, "gfx1100");
  EXPECT_EQ(xtx->compute_units, 96);
  EXPECT_EQ(xtx->pcie_gen, 4);
  EXPECT_EQ(xtx->pcie_width, std::nullopt);  // "PCIe 4.0": no lane count in the source
  const GpuModel* xt = table.Find(0x744c, 0xcc);
  ASSERT_NE(xt, nullptr);
  EXPECT_EQ(xt->name, "AMD Radeon RX 7900 XT");
}

TEST(GpuTableBuiltin, UnknownRevisionFallsBackToTheFamily) {
  const GpuTable& table = GpuTable::Builtin();
  const GpuModel* m = table.Find(0x744c, 0x01);  // no such revision in the table
  ASSERT_NE(m, nullptr);
  EXPECT_TRUE(m->family_fallback);
  EXPECT_EQ(m->gfx_target, "gfx1100");  // every 0x744c row agrees
  EXPECT_NE(m->name.find("RX 7900 XTX"), std::string::npos) << m->name;
  EXPECT_EQ(m->vram_gib, std::nullopt);  // differs between the variants
  const GpuModel* no_rev = table.Find(0x744c, std::nullopt);
  ASSERT_NE(no_rev, nullptr);
  EXPECT_TRUE(no_rev->family_fallback);
}

TEST(GpuTableBuiltin, PlaceholderNamesTakeTheFamilyName) {
  // GPUOpen lists 0x15bf rev 0xe0 only as "15BF:E0"; the row keeps gfx1103 and APU.
  const GpuModel* m = GpuTable::Builtin().Find(0x15bf, 0xe0);
  ASSERT_NE(m, nullptr);
  EXPECT_FALSE(m->name.empty());
  EXPECT_EQ(m->name.find("15BF"), std::string::npos) << m->name;
  EXPECT_EQ(m->gfx_target, "gfx1103");
  EXPECT_TRUE(m->apu);
}

TEST(GpuTableBuiltin, UnknownDeviceIsNotFound) {
  EXPECT_EQ(GpuTable::Builtin().Find(0x1234, 0x00), nullptr);
  EXPECT_EQ(GpuTable::Builtin().Find(0xffff, std::nullopt), nullptr);
}

TEST(GpuTableBuiltin, FindByGfxNameAndKfdVersion) {
  const GpuTable& table = GpuTable::Builtin();
  auto by_name = table.FindByGfx("gfx942");
  auto by_version = table.FindByGfx("90402");
  ASSERT_FALSE(by_name.empty());
  EXPECT_EQ(by_name.size(), by_version.size());
  bool has_mi300x = false;
  for (const GpuModel* m : by_name) has_mi300x = has_mi300x || m->name == "AMD Instinct MI300X";
  EXPECT_TRUE(has_mi300x);
  EXPECT_FALSE(table.FindByGfx("GFX1100").empty());  // case does not matter
  EXPECT_TRUE(table.FindByGfx("gfx9999").empty());
  EXPECT_TRUE(table.FindByGfx("").empty());
}

TEST(GpuTableParse, ExactRevisionBeforeAnyRevision) {
  GpuTable t = Table(
      "0x1000,,Any Rev,gfx900,90000,GCN5.0,no,,,,,,s\n"
      "0x1000,0xc1,Rev C1,gfx900,90000,GCN5.0,no,8,64,484,12.5,PCIe 3.0 x16,s\n");
  EXPECT_EQ(t.size(), 2u);
  EXPECT_EQ(t.skipped_rows(), 0u);
  ASSERT_NE(t.Find(0x1000, 0xc1), nullptr);
  EXPECT_EQ(t.Find(0x1000, 0xc1)->name, "Rev C1");
  EXPECT_EQ(t.Find(0x1000, 0xc1)->peak_mem_bw_gbs, 484);
  EXPECT_EQ(t.Find(0x1000, 0xc1)->peak_fp32_tflops, 12.5);
  ASSERT_NE(t.Find(0x1000, 0x01), nullptr);
  EXPECT_EQ(t.Find(0x1000, 0x01)->name, "Any Rev");
  EXPECT_EQ(t.Find(0x1000, std::nullopt)->name, "Any Rev");
}

TEST(GpuTableParse, QuotedFieldsWithCommas) {
  GpuTable t = Table(
      "0x2000,0x00,\"AMD Radeon Pro, Special\",gfx1030,100300,RDNA2,no,,,,,,"
      "\"a; b, c\"\n");
  ASSERT_EQ(t.size(), 1u);
  const GpuModel* m = t.Find(0x2000, 0x00);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->name, "AMD Radeon Pro, Special");
  EXPECT_EQ(m->source, "a; b, c");
}

TEST(GpuTableParse, MalformedRowsAreSkippedAndCounted) {
  GpuTable t = Table(
      "0x3000,0x00,Good,gfx1100,110000,RDNA3,no,,,,,,s\n"
      "0xZZZZ,0x00,Bad device,gfx1100,,,no,,,,,,s\n"
      "0x10000,0x00,Device too big,gfx1100,,,no,,,,,,s\n"
      "0x3001,0x100,Revision too big,gfx1100,,,no,,,,,,s\n"
      "0x3002,0x00,Too few fields\n"
      "0x3003,0x00,Bad apu,gfx1100,,,maybe,,,,,,s\n"
      "0x3004,0x00,Bad vram,gfx1100,,,no,lots,,,,,s\n"
      "0x3005,0x00,Bad CUs,gfx1100,,,no,,9.5,,,,s\n"
      "0x3006,0x00,\"Open quote,gfx1100,,,no,,,,,,s\n");
  EXPECT_EQ(t.size(), 1u);
  EXPECT_EQ(t.skipped_rows(), 8u);
  EXPECT_NE(t.Find(0x3000, 0x00), nullptr);
}

TEST(GpuTableParse, HostileInput) {
  EXPECT_EQ(GpuTable::Parse("").size(), 0u);
  EXPECT_EQ(GpuTable::Parse(std::string(4096, '\0')).size(), 0u);
  EXPECT_EQ(GpuTable::Parse("# only a comment\n").size(), 0u);
  GpuTable no_header = GpuTable::Parse("0x1000,0x00,x\n0x1001,0x00,y\n");
  EXPECT_EQ(no_header.size(), 0u);
  EXPECT_EQ(no_header.skipped_rows(), 2u);
  GpuTable garbage = GpuTable::Parse(std::string(kHeader) + "\xff\xfe\x01,\x80\n");
  EXPECT_EQ(garbage.size(), 0u);
  EXPECT_EQ(garbage.skipped_rows(), 1u);
}

TEST(GpuTableParse, FamilyNameFromDistinctNames) {
  GpuTable t = Table(
      "0x4000,0xc0,AMD Radeon RX 1000 XT,gfx1100,,RDNA3,no,,,,,,s\n"
      "0x4000,0xc1,AMD Radeon RX 1000,gfx1100,,RDNA3,no,,,,,,s\n"
      "0x4000,0xc2,AMD Radeon Graphics,gfx1100,,RDNA3,no,,,,,,s\n"
      "0x4001,0xc0,,gfx1101,,,yes,,,,,,s\n");
  const GpuModel* fam = t.Find(0x4000, 0x99);
  ASSERT_NE(fam, nullptr);
  EXPECT_TRUE(fam->family_fallback);
  EXPECT_EQ(fam->name, "AMD Radeon RX 1000 XT / 1000");
  EXPECT_EQ(fam->architecture, "RDNA3");
  const GpuModel* nameless = t.Find(0x4001, 0xc0);
  ASSERT_NE(nameless, nullptr);
  EXPECT_EQ(nameless->name, "AMD GPU 0x4001");
  EXPECT_TRUE(nameless->apu);
}

}  // namespace
}  // namespace rocm_doctor
