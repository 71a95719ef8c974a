// SPDX-License-Identifier: MIT
// The JSON of `rocm-doctor probe-load`: round trip and hostile output.
#include "collect/rocm/rocm_probe_load_parse.h"

#include <gtest/gtest.h>

namespace rocm_doctor::rocm_parse {
namespace {

TEST(ProbeLoadParse, RoundTrip) {
  std::vector<LoadResult> in{
      {.library = "/opt/rocm-6.2.0/lib/libamdhip64.so.6", .loaded = true, .error = ""},
      {.library = "/x/libamdhip64.so.6",
       .loaded = false,
       .error = "libhsa-runtime64.so.1: cannot open shared object file: No such file or "
                "directory"}};
  std::string json = ProbeLoadJson(in);
  EXPECT_NE(json.find("\"error\":null"), std::string::npos) << json;
  auto out = ProbeLoadOutput(json);
  ASSERT_TRUE(out.ok()) << out.error();
  ASSERT_EQ(out->size(), 2u);
  EXPECT_TRUE((*out)[0].loaded);
  EXPECT_FALSE((*out)[1].loaded);
  EXPECT_EQ((*out)[1].error, in[1].error);
}

TEST(ProbeLoadParse, InvalidUtf8InDlerrorIsReplaced) {
  std::string json = ProbeLoadJson({{.library = "/l.so", .loaded = false, .error = "bad \xff"}});
  auto out = ProbeLoadOutput(json);
  ASSERT_TRUE(out.ok()) << out.error();
  EXPECT_EQ((*out)[0].error, "bad \xef\xbf\xbd");
}

TEST(ProbeLoadParse, Hostile) {
  const char* bad[] = {
      "",
      "not json",
      "{}",
      "[1]",
      "[{\"library\": 5, \"loaded\": true}]",
      "[{\"library\": \"/l\"}]",
      "[{\"library\": \"/l\", \"loaded\": \"yes\"}]",
      "[{\"library\": \"/l\", \"loaded\": false, \"error\": 7}]",
      "[{\"library\": \"/l\", \"loaded\": true}",  // truncated
  };
  for (const char* text : bad) EXPECT_FALSE(ProbeLoadOutput(text).ok()) << text;
  std::string many = "[";
  for (int i = 0; i < 65; ++i)
    many += std::string(i ? "," : "") + "{\"library\":\"/l\",\"loaded\":true}";
  EXPECT_FALSE(ProbeLoadOutput(many + "]").ok());
  auto empty = ProbeLoadOutput("[]");
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->empty());
}

}  // namespace
}  // namespace rocm_doctor::rocm_parse
