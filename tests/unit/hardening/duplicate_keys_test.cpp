// SPDX-License-Identifier: MIT
// Issue 13 item 11: a JSON object with the same key twice. nlohmann::json keeps the last one
// silently, so a replayed machine.json with a second "user" hid the first (and the permission
// fault it showed), and a probe file with a second "exit_code" could hide a failure. Every
// duplicate, at any depth, is now an error naming the key and where it is.
#include <gtest/gtest.h>

#include <string>

#include "hostile/doctor_run.h"
#include "system/machine_json.h"
#include "system/probe_json.h"
#include "unit/system/temp_tree.h"

namespace rocm_doctor {
namespace {

using system::AccountDb;
using system::ParseKernelLogJson;
using system::ParseMachineJson;
using system::ParseProbeJson;

struct Duplicate {
  const char* json;
  const char* key;    // the duplicate key, as the error must name it
  const char* where;  // the object it is in, as the error must name it
};

// The review's attack first: the user who is in "render" and "video" is shown, and a second
// "user" with root's privileges replaces it, so the permission fault disappears.
constexpr Duplicate kMachineDuplicates[] = {
    {R"({"format": 1, "user": {"name": "alice", "uid": 1000, "groups": ["alice"]},
         "user": {"name": "root", "uid": 0}})",
     "user", "the top level"},
    {R"({"user": {"name": "alice", "uid": 1000, "uid": 0}})", "uid", "\"user\""},
    {R"({"nodes": {"/dev/kfd": {"type": "char", "mode": "0600", "mode": "0666"}}})", "mode",
     "\"nodes./dev/kfd\""},
    {R"({"nodes": {"/dev/kfd": {"mode": "0600"}, "/dev/kfd": {"mode": "0666"}}})", "/dev/kfd",
     "\"nodes\""},
    // The same key spelled with an escape is the same key.
    {R"({"user": {"name": "alice"}, "\u0075ser": {"name": "root"}})", "user", "the top level"},
    {R"({"env": {"HIP_VISIBLE_DEVICES": "0", "HIP_VISIBLE_DEVICES": ""}})", "HIP_VISIBLE_DEVICES",
     "\"env\""},
    {R"({"errors": {"read": {"/etc/group": {"status": "error", "status": "not-found"}}}})",
     "status", "\"errors.read./etc/group\""},
    // Inside arrays and under keys this version does not know: any depth.
    {R"({"future": [{"a": 1}, {"b": 1, "b": 2}]})", "b", "\"future[1]\""},
    {R"({"a": {"b": {"c": {"d": {"e": 1, "e": 1}}}}})", "e", "\"a.b.c.d\""},
    {R"({"format": 1, "format": 1})", "format", "the top level"},
};

TEST(DuplicateKeys, MachineJsonRejectsEveryDuplicate) {
  for (const Duplicate& d : kMachineDuplicates) {
    const auto parsed = ParseMachineJson(d.json, AccountDb());
    ASSERT_FALSE(parsed.ok()) << d.json;
    const std::string& error = parsed.error();
    EXPECT_NE(error.find("machine.json"), std::string::npos) << error;
    EXPECT_NE(error.find("duplicate key \"" + std::string(d.key) + "\""), std::string::npos)
        << error;
    EXPECT_NE(error.find(std::string("in ") + d.where), std::string::npos) << error;
  }
}

TEST(DuplicateKeys, TheSameKeyInDifferentObjectsIsFine) {
  const auto parsed = ParseMachineJson(
      R"({"user": {"name": "alice", "uid": 1000},
          "nodes": {"/dev/kfd": {"mode": "0666", "owner": "root"},
                    "/dev/dri/renderD128": {"mode": "0660", "owner": "root"}},
          "x": [{"a": 1}, {"a": 2}]})",
      AccountDb());
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->user.name, "alice");
  EXPECT_EQ(parsed->nodes.size(), 2u);
}

TEST(DuplicateKeys, AHostileKeyIsPrintedEscaped) {
  // The key itself is untrusted text: an escape sequence in it must not reach a terminal.
  const auto parsed = ParseMachineJson(
      "{\"\\u001b]52;c;eA==\\u0007\": 1, "
      "\"\\u001b]52;c;eA==\\u0007\": 2}",
      AccountDb());
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().find('\x1b'), std::string::npos) << parsed.error();
  EXPECT_EQ(parsed.error().find('\x07'), std::string::npos) << parsed.error();
  EXPECT_NE(parsed.error().find("duplicate key"), std::string::npos) << parsed.error();
}

constexpr Duplicate kProbeDuplicates[] = {
    // A failed probe made to look like a success by a second exit code or output.
    {R"({"state": "exited", "exit_code": 1, "exit_code": 0, "stdout": ""})", "exit_code",
     "the top level"},
    {R"({"state": "exited", "exit_code": 0, "stdout": "error", "stdout": "ok"})", "stdout",
     "the top level"},
    {R"({"state": "timed-out", "state": "exited", "exit_code": 0})", "state", "the top level"},
    {R"({"state": "exited", "exit_code": 0, "argv": [{"x": 1, "x": 2}]})", "x", "\"argv[0]\""},
};

TEST(DuplicateKeys, ProbeFilesRejectEveryDuplicate) {
  for (const Duplicate& d : kProbeDuplicates) {
    const auto parsed = ParseProbeJson(d.json);
    ASSERT_FALSE(parsed.ok()) << d.json;
    EXPECT_NE(parsed.error().find("duplicate key \"" + std::string(d.key) + "\""),
              std::string::npos)
        << parsed.error();
    EXPECT_NE(parsed.error().find(std::string("in ") + d.where), std::string::npos)
        << parsed.error();
  }
  ASSERT_TRUE(ParseProbeJson(R"({"state": "exited", "exit_code": 1, "stdout": "x"})").ok());
}

TEST(DuplicateKeys, KernelLogFilesRejectDuplicates) {
  const auto parsed = ParseKernelLogJson(
      R"({"state": "ok", "lines": ["amdgpu: probe failed with error -2"], "lines": []})");
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(parsed.error().find("duplicate key \"lines\""), std::string::npos) << parsed.error();
  EXPECT_TRUE(ParseKernelLogJson(R"({"state": "ok", "lines": []})").ok());
}

// The whole binary: a replayed machine directory whose machine.json has a second "user" is a
// clear error with exit 2, as any other malformed machine.json is.
TEST(DuplicateKeys, ReplayOfADuplicateUserExitsTwo) {
  testing::TempTree tree;
  tree.MachineJson(kMachineDuplicates[0].json);
  const testing::DoctorRun run =
      testing::RunDoctor({"check", "--sysroot", tree.path(), "--format", "json"});
  EXPECT_EQ(run.outcome.exit_code, 2) << run.Context();
  const std::string all = run.outcome.out + run.outcome.err;
  const bool named = all.find("duplicate key \"user\"") != std::string::npos ||
                     all.find("duplicate key \\\"user\\\"") != std::string::npos;
  EXPECT_TRUE(named) << run.Context();
}

}  // namespace
}  // namespace rocm_doctor
