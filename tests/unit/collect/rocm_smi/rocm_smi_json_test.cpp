// SPDX-License-Identifier: MIT
// The probe-smi JSON: a full report survives the round trip; hostile and foreign output gives
// an error naming what is wrong, never a crash.
#include "collect/rocm_smi/rocm_smi_json.h"

#include <gtest/gtest.h>

namespace rocm_doctor::rocm_smi {
namespace {

RocmSmiReport FullReport() {
  RocmSmiReport r;
  r.format_version = kRocmSmiFormat;
  r.attempts = {{"/opt/rocm-6.2.0/lib/librocm_smi64.so.7",
                 "libdrm.so.2: cannot open shared object file: No such file or directory"},
                {"/usr/lib/librocm_smi64.so.1", ""}};
  r.library = "/usr/lib/librocm_smi64.so.1";
  r.library_version = "7.3.0";
  r.library_build = "60200";
  r.driver_version = "6.8.5";
  r.init = RsmiStatus{0, "RSMI_STATUS_SUCCESS", "The function has been executed successfully."};
  r.device_count = 1;
  RsmiDevice d;
  d.index = 0;
  d.device_id = 0x740f;
  d.name = "Aldebaran/MI200 [Instinct MI210]";
  d.bdfid = 0xc100;
  d.pci_bdf = "0000:c1:00.0";
  d.vbios_version = "113-D67301-063";
  d.power_cap_uw = 300000000;
  d.vram_total_bytes = 68702699520ull;
  d.firmware = {{"mec", 78}, {"me", 0}};
  d.ecc_umc = RsmiErrorCount{2, 0};
  d.errors = {{"rsmi_dev_name_get", "RSMI_STATUS_FILE_ERROR"}};
  r.devices.push_back(d);
  return r;
}

TEST(RocmSmiJson, RoundTrip) {
  const RocmSmiReport in = FullReport();
  Result<RocmSmiReport> out = ParseReport(ReportJson(in));
  ASSERT_TRUE(out.ok()) << out.error();
  EXPECT_EQ(out->attempts.size(), 2u);
  EXPECT_EQ(out->attempts[0].error, in.attempts[0].error);
  EXPECT_EQ(out->attempts[1].error, "");
  EXPECT_EQ(out->library, in.library);
  EXPECT_EQ(out->library_version, "7.3.0");
  EXPECT_EQ(out->driver_version, "6.8.5");
  ASSERT_TRUE(out->init);
  EXPECT_TRUE(out->init->ok());
  EXPECT_EQ(out->device_count, 1);
  ASSERT_EQ(out->devices.size(), 1u);
  const RsmiDevice& d = out->devices[0];
  EXPECT_EQ(d.device_id, 0x740f);
  EXPECT_EQ(d.bdfid, 0xc100u);
  EXPECT_EQ(d.pci_bdf, "0000:c1:00.0");
  EXPECT_EQ(d.power_cap_uw, 300000000u);
  EXPECT_EQ(d.vram_total_bytes, 68702699520ull);
  EXPECT_EQ(d.firmware.at("mec"), 78u);
  ASSERT_TRUE(d.ecc_umc);
  EXPECT_EQ(d.ecc_umc->correctable, 2u);
  EXPECT_EQ(d.errors.at("rsmi_dev_name_get"), "RSMI_STATUS_FILE_ERROR");
}

TEST(RocmSmiJson, UnknownValuesStayNull) {
  RocmSmiReport r;
  r.format_version = kRocmSmiFormat;
  r.attempts = {{"/usr/lib/librocm_smi64.so.1", ""}};
  r.library = "/usr/lib/librocm_smi64.so.1";
  r.init = RsmiStatus{8, "RSMI_STATUS_INIT_ERROR", "An error occurred during initialization"};
  const std::string json = ReportJson(r);
  EXPECT_NE(json.find("\"device_count\":null"), std::string::npos) << json;
  EXPECT_NE(json.find("\"library_version\":null"), std::string::npos) << json;
  Result<RocmSmiReport> out = ParseReport(json);
  ASSERT_TRUE(out.ok()) << out.error();
  EXPECT_FALSE(out->device_count);
  EXPECT_EQ(out->init->name, "RSMI_STATUS_INIT_ERROR");
  EXPECT_TRUE(out->devices.empty());
}

TEST(RocmSmiJson, HostileOutputIsAnError) {
  struct Case {
    const char* text;
    const char* error;
  };
  const Case cases[] = {
      {"", "output is not JSON"},
      {"Exception caught: rsmi_init.\n", "output is not JSON"},
      {"[]", "output is not a JSON object"},
      {"{\"helper\":\"rocm-doctor-hip\",\"version\":1}",
       "output is not the rocm-smi probe's (no \"probe\": \"rocm-smi\")"},
      {"{\"probe\":\"rocm-smi\"}", "output has no integer \"format\""},
      {"{\"probe\":\"rocm-smi\",\"format\":2}", "format 2 (this rocm-doctor reads format 1)"},
      {"{\"probe\":\"rocm-smi\",\"format\":1,\"init\":{\"code\":\"8\"}}",
       "\"code\" is not an integer"},
      {"{\"probe\":\"rocm-smi\",\"format\":1,\"device_count\":-1}",
       "\"device_count\" -1 is out of range"},
      {"{\"probe\":\"rocm-smi\",\"format\":1,\"library\":7}", "\"library\" is not a string"},
      {"{\"probe\":\"rocm-smi\",\"format\":1,\"devices\":[{\"index\":0,\"bdfid\":-5}]}",
       "device 0: \"bdfid\" is negative"},
      {"{\"probe\":\"rocm-smi\",\"format\":1,\"devices\":[{\"name\":\"x\"}]}",
       "device 0: \"index\" is missing"},
      {"{\"probe\":\"rocm-smi\",\"format\":1,\"devices\":[7]}",
       "device 0: \"devices\" holds something other than an object"},
      {"{\"probe\":\"rocm-smi\",\"format\":1,\"devices\":[{\"index\":0,\"firmware\":{\"mec\":"
       "\"x\"}}]}",
       "device 0: \"firmware\" holds a non-number"},
      {"{\"probe\":\"rocm-smi\",\"format\":1,\"attempts\":{}}",
       "\"attempts\" is not an array of at most 64 entries"},
  };
  for (const Case& c : cases) {
    Result<RocmSmiReport> out = ParseReport(c.text);
    ASSERT_FALSE(out.ok()) << c.text;
    EXPECT_EQ(out.error(), c.error) << c.text;
  }
  std::string many = "{\"probe\":\"rocm-smi\",\"format\":1,\"devices\":[";
  for (int i = 0; i < 65; ++i) many += std::string(i ? "," : "") + "{\"index\":0}";
  EXPECT_FALSE(ParseReport(many + "]}").ok());
}

TEST(RocmSmiJson, NonUtf8BytesAreReplacedNotThrown) {
  RocmSmiReport r;
  r.format_version = kRocmSmiFormat;
  r.attempts = {{"/opt/\xff/librocm_smi64.so.7", "bad \xfe bytes"}};
  const std::string json = ReportJson(r);
  Result<RocmSmiReport> out = ParseReport(json);
  ASSERT_TRUE(out.ok()) << out.error();
  EXPECT_EQ(out->attempts.size(), 1u);
}

}  // namespace
}  // namespace rocm_doctor::rocm_smi
