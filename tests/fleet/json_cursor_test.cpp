// SPDX-License-Identifier: MIT
#include "fleet/json_cursor.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace rocm_doctor::fleet {
namespace {

TEST(JsonCursor, ReadsWhatIsAskedAndSkipsTheRest) {
  JsonCursor c(R"( {"a": 1.5, "skip": {"x": [1, {"y": "z"}, null, true]}, "s": "h\u00e9\n",
                    "n": null, "b": false, "arr": [ "p", "q" ]} )");
  ASSERT_TRUE(c.EnterObject());
  std::string_view key;
  std::string s;
  double num = 0;
  bool b = true;
  std::vector<std::string> arr;
  while (c.NextKey(key)) {
    if (key == "a") {
      ASSERT_TRUE(c.ReadNumber(num));
    } else if (key == "s") {
      ASSERT_TRUE(c.ReadString(s));
    } else if (key == "n") {
      EXPECT_FALSE(c.ReadOptionalString().has_value());
    } else if (key == "b") {
      ASSERT_TRUE(c.ReadBool(b));
    } else if (key == "arr") {
      ASSERT_TRUE(c.EnterArray());
      while (c.NextElement()) arr.push_back(c.ReadOptionalString().value_or("?"));
    } else {
      ASSERT_TRUE(c.Skip());
    }
  }
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_TRUE(c.AtEnd());
  EXPECT_EQ(num, 1.5);
  EXPECT_EQ(s, "h\xc3\xa9\n");
  EXPECT_FALSE(b);
  EXPECT_EQ(arr, (std::vector<std::string>{"p", "q"}));
}

TEST(JsonCursor, DecodesEscapesAndSurrogatePairs) {
  JsonCursor c(R"("\"\\\/\b\f\n\r\t\u0041\ud83d\ude00\ud800x")");
  std::string s;
  ASSERT_TRUE(c.ReadString(s)) << c.error();
  EXPECT_EQ(s, "\"\\/\b\f\n\r\tA\xf0\x9f\x98\x80\xef\xbf\xbdx");
}

TEST(JsonCursor, KeysWithEscapesAreDecoded) {
  JsonCursor c(R"({"plain": 1, "es\u0063aped": 2, "q\"uote": 3})");
  ASSERT_TRUE(c.EnterObject());
  std::vector<std::string> keys;
  std::string_view key;
  while (c.NextKey(key)) {
    keys.emplace_back(key);
    ASSERT_TRUE(c.Skip());
  }
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(keys, (std::vector<std::string>{"plain", "escaped", "q\"uote"}));
  JsonCursor bad("{\"a\nb\": 1}");
  ASSERT_TRUE(bad.EnterObject());
  EXPECT_FALSE(bad.NextKey(key));
  EXPECT_NE(bad.error().find("control character"), std::string::npos) << bad.error();
}

TEST(JsonCursor, LeaveSkipsTheRestOfAContainer) {
  JsonCursor c(R"({"first": 1, "rest": [1, 2, {"deep": [[]]}], "more": "x"} )");
  ASSERT_TRUE(c.EnterObject());
  std::string_view key;
  ASSERT_TRUE(c.NextKey(key));
  double v = 0;
  ASSERT_TRUE(c.ReadNumber(v));
  ASSERT_TRUE(c.Leave()) << c.error();
  EXPECT_TRUE(c.AtEnd());
}

TEST(JsonCursor, NumbersFollowTheGrammar) {
  for (std::string_view ok : {"0", "-0", "12", "-3.25", "1e3", "1E+3", "2.5e-3", "1e999"}) {
    JsonCursor c(ok);
    double v = 0;
    EXPECT_TRUE(c.ReadNumber(v) && c.AtEnd()) << ok << ": " << c.error();
  }
  for (std::string_view bad : {"01", "-", "1.", ".5", "1e", "+1", "0x10", "NaN", "Infinity"}) {
    JsonCursor c(bad);
    double v = 0;
    EXPECT_FALSE(c.ReadNumber(v) && c.AtEnd()) << bad;
  }
}

// Every hostile text is an error with an offset: never a crash, a hang or an accepted value.
TEST(JsonCursor, HostileTextIsAnError) {
  const std::string deep_array = std::string(100000, '[') + std::string(100000, ']');
  const std::string deep_object = [] {
    std::string s;
    for (int i = 0; i < 5000; ++i) s += "{\"a\":";
    return s + "1" + std::string(5000, '}');
  }();
  const std::string_view cases[] = {"",
                                    "{",
                                    "{\"a\"",
                                    "{\"a\":",
                                    "{\"a\":1",
                                    "{\"a\":1,}",
                                    "{,}",
                                    "[1,]",
                                    "[1 2]",
                                    "{\"a\" 1}",
                                    "{a:1}",
                                    "\"unterminated",
                                    "\"bad \\x escape\"",
                                    "\"bad \\u12G4\"",
                                    "\"raw \n newline\"",
                                    "tru",
                                    "nul",
                                    "{\"a\":1}}",
                                    "{\"a\":1} x",
                                    "\xff\xfe{}",
                                    deep_array,
                                    deep_object};
  for (std::string_view text : cases) {
    JsonCursor c(text);
    const bool accepted = c.Skip() && c.AtEnd();
    EXPECT_FALSE(accepted) << text.substr(0, 40);
    if (!c.ok()) EXPECT_NE(c.error().find(" at byte "), std::string::npos) << c.error();
  }
}

TEST(JsonCursor, ErrorsNameTheByteOffsetAndStick) {
  JsonCursor c("{\"a\": [1, 2,, 3]}");
  EXPECT_FALSE(c.Skip());
  EXPECT_NE(c.error().find("at byte 12"), std::string::npos) << c.error();
  std::string s;
  EXPECT_FALSE(c.ReadString(s));
  EXPECT_NE(c.error().find("at byte 12"), std::string::npos) << "the first error is kept";
}

TEST(JsonCursor, SkipAgreesWithNlohmannOnItsOwnDumps) {
  nlohmann::json j = {{"schema_version", 1},
                      {"nested", {{"a", {1, 2.5, -3e-7, nullptr, true}}, {"s", "x\"y\\z\u0001"}}},
                      {"unicode", "\xe2\x9c\x93 ok"}};
  for (int indent : {-1, 2}) {
    std::string text = j.dump(indent);
    JsonCursor c(text);
    EXPECT_TRUE(c.Skip() && c.AtEnd()) << c.error() << "\n" << text;
  }
}

}  // namespace
}  // namespace rocm_doctor::fleet
