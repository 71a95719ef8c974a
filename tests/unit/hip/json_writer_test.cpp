// SPDX-License-Identifier: MIT
#include "hip/json_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

namespace rocm_doctor::hip_helper {
namespace {

struct QuoteCase {
  std::string name;
  std::string input;
  std::string expected;
};

class JsonQuoteTest : public testing::TestWithParam<QuoteCase> {};

TEST_P(JsonQuoteTest, EscapesToValidJson) {
  const QuoteCase& c = GetParam();
  const std::string quoted = JsonQuote(c.input);
  EXPECT_EQ(quoted, c.expected);
  // Whatever went in, nlohmann (strict UTF-8) must accept what comes out.
  EXPECT_TRUE(nlohmann::json::accept(quoted)) << quoted;
}

INSTANTIATE_TEST_SUITE_P(
    Hostile, JsonQuoteTest,
    testing::Values(QuoteCase{"empty", "", R"("")"},
                    QuoteCase{"plain", "AMD Instinct MI300X", R"("AMD Instinct MI300X")"},
                    QuoteCase{"quote_backslash", R"(a"b\c)", R"("a\"b\\c")"},
                    QuoteCase{"short_escapes", "\b\f\n\r\t", R"("\b\f\n\r\t")"},
                    QuoteCase{"nul_inside", std::string("gfx\0pad", 7), R"("gfx\u0000pad")"},
                    QuoteCase{"other_controls", "\x01\x1f", R"("\u0001\u001f")"},
                    QuoteCase{"del_kept", "\x7f", "\"\x7f\""},
                    QuoteCase{"utf8_two_three_four", "\xC3\xA9 \xE2\x84\xA2 \xF0\x9F\x98\x80",
                              "\"\xC3\xA9 \xE2\x84\xA2 \xF0\x9F\x98\x80\""},
                    QuoteCase{"latin1_byte", "Radeon\xAE", "\"Radeon\xEF\xBF\xBD\""},
                    QuoteCase{"stray_continuation", "\x80x", "\"\xEF\xBF\xBDx\""},
                    QuoteCase{"truncated_sequence", "\xE2\x84", "\"\xEF\xBF\xBD\xEF\xBF\xBD\""},
                    QuoteCase{"overlong_slash", "\xC0\xAF", "\"\xEF\xBF\xBD\xEF\xBF\xBD\""},
                    QuoteCase{"overlong_three_byte", "\xE0\x80\x80",
                              "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},
                    QuoteCase{"surrogate", "\xED\xA0\x80",
                              "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},
                    QuoteCase{"above_max", "\xF4\x90\x80\x80",
                              "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\""},
                    QuoteCase{"ff_byte", "\xFF", "\"\xEF\xBF\xBD\""}),
    [](const testing::TestParamInfo<QuoteCase>& info) { return info.param.name; });

TEST(JsonNumber, NonFiniteIsNull) {
  EXPECT_EQ(JsonNumber(std::nan("")), "null");
  EXPECT_EQ(JsonNumber(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(JsonNumber(-std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(JsonNumber(0.25), "0.25");
  EXPECT_EQ(JsonNumber(1e300), "1e+300");
}

TEST(JsonWriter, BuildsNestedCompactDocument) {
  JsonWriter json;
  json.BeginObject()
      .Key("a")
      .Int(std::numeric_limits<std::int64_t>::min())
      .Key("b")
      .BeginArray()
      .Bool(true)
      .Null()
      .String("x")
      .BeginObject()
      .EndObject()
      .EndArray()
      .Key("c")
      .BeginArray()
      .EndArray()
      .Key("d")
      .Float(0.0512F)
      .Key("e")
      .Double(-0.0)
      .EndObject();
  EXPECT_EQ(json.str(),
            R"({"a":-9223372036854775808,"b":[true,null,"x",{}],"c":[],"d":0.0512,"e":-0})");
  EXPECT_TRUE(nlohmann::json::accept(json.str()));
}

TEST(JsonWriter, NullableValuesAreNullWhenUnknown) {
  JsonWriter json;
  json.BeginArray()
      .NullableInt(std::nullopt)
      .NullableInt(std::int64_t{0})
      .NullableString(std::nullopt)
      .NullableString(std::string("s"))
      .NullableBool(std::nullopt)
      .NullableBool(false)
      .EndArray();
  EXPECT_EQ(json.str(), R"([null,0,null,"s",null,false])");
}

TEST(JsonWriter, NanFloatBecomesNull) {
  JsonWriter json;
  json.BeginArray().Float(std::numeric_limits<float>::quiet_NaN()).EndArray();
  EXPECT_EQ(json.str(), "[null]");
}

TEST(JsonWriter, KeysAreEscapedToo) {
  JsonWriter json;
  json.BeginObject().Key("k\"\n").Int(1).EndObject();
  EXPECT_EQ(json.str(), R"({"k\"\n":1})");
}

}  // namespace
}  // namespace rocm_doctor::hip_helper
