// SPDX-License-Identifier: MIT
#include "rocm_doctor/catalog.h"

#include <gtest/gtest.h>

#include <regex>

namespace rocm_doctor {
namespace {

TEST(Catalog, EveryCodeIsDottedLowercaseAndHasARemediation) {
  std::regex code_form("^[a-z0-9_]+(\\.[a-z0-9_]+){2,}$");
  auto all = Catalog::Instance().All();
  ASSERT_FALSE(all.empty());
  for (const FindingSpec* spec : all) {
    EXPECT_TRUE(std::regex_match(std::string(spec->code), code_form)) << spec->code;
    EXPECT_FALSE(spec->title.empty()) << spec->code;
    EXPECT_FALSE(spec->remediation.empty()) << spec->code;
  }
}

TEST(Catalog, RemediationSubstitutesKnownParamsAndKeepsUnknownOnes) {
  static constexpr std::string_view kCommands[] = {"sudo usermod -aG {group} {user}",
                                                   "echo {missing}"};
  static constexpr FindingSpec kSpecs[] = {{.code = "test.catalog.substitution",
                                            .severity = Status::kFail,
                                            .title = "t",
                                            .remediation = "Add {user} to {group}.",
                                            .commands = kCommands,
                                            .requires_root = true}};
  static FindingsRegistrar registrar(kSpecs);
  Finding f = MakeFinding("test.catalog.substitution", "m", {},
                          {{"user", "alice"}, {"group", "render"}});
  EXPECT_EQ(f.status, Status::kFail);
  Remediation r = Catalog::Instance().RemediationFor(f);
  EXPECT_EQ(r.text, "Add alice to render.");
  ASSERT_EQ(r.commands.size(), 2u);
  EXPECT_EQ(r.commands[0], "sudo usermod -aG render alice");
  EXPECT_EQ(r.commands[1], "echo {missing}");
  EXPECT_TRUE(r.requires_root);
}

TEST(Catalog, UnknownCodeMakesAnErrorFindingNotACrash) {
  Finding f = MakeFinding("no.such.code", "whatever");
  EXPECT_EQ(f.status, Status::kError);
  EXPECT_NE(f.message.find("no.such.code"), std::string::npos);
}

// The link a report gives for a code works without the source tree (issue 15): the catalog is
// in the binary. Before: "docs/findings.md#driver-kfd-permission-denied", a source-tree path.
TEST(Catalog, DocsAnchorIsStable) {
  EXPECT_EQ(Catalog::DocsAnchor("driver.kfd.permission_denied"),
            "rocm-doctor explain driver.kfd.permission_denied");
  EXPECT_EQ(Catalog::DocsAnchor("x$(id)"), "rocm-doctor explain 'x$(id)'");
}

// The action ladder (issue 18) agrees with the severity: a code that takes the node out of service
// fails (the verdict and every gate then agree), a monitor code never does, and every code with an
// action says its next step. A code without one keeps no next step either.
TEST(Catalog, ActionLadderAgreesWithTheSeverity) {
  for (const FindingSpec* spec : Catalog::Instance().All()) {
    if (spec->action == FindingAction::kNone) {
      EXPECT_TRUE(spec->next_step.empty()) << spec->code;
      continue;
    }
    EXPECT_FALSE(spec->next_step.empty()) << spec->code;
    if (TakesNodeOut(spec->action)) {
      EXPECT_EQ(spec->severity, Status::kFail) << spec->code;
    } else {
      EXPECT_NE(spec->severity, Status::kFail) << spec->code;
    }
  }
}

TEST(Catalog, ActionDefaultsToNoneAndIsFoundByCode) {
  static constexpr FindingSpec kSpecs[] = {
      {.code = "test.catalog.plain", .severity = Status::kWarn, .title = "t", .remediation = "r"},
      {.code = "test.catalog.replace",
       .severity = Status::kFail,
       .title = "t",
       .remediation = "r",
       .action = FindingAction::kReplace,
       .next_step = "RMA the GPU"}};
  static FindingsRegistrar registrar(kSpecs);
  EXPECT_EQ(Catalog::Instance().ActionFor("test.catalog.plain"), FindingAction::kNone);
  EXPECT_EQ(Catalog::Instance().ActionFor("test.catalog.replace"), FindingAction::kReplace);
  EXPECT_EQ(Catalog::Instance().ActionFor("no.such.code"), FindingAction::kNone);
  EXPECT_EQ(ToString(FindingAction::kIsolate), "isolate");
  EXPECT_EQ(FindingActionFromString("reset"), FindingAction::kReset);
  EXPECT_FALSE(FindingActionFromString("drain").has_value());
  EXPECT_FALSE(TakesNodeOut(FindingAction::kMonitor));
  EXPECT_TRUE(TakesNodeOut(FindingAction::kIsolate));
  EXPECT_EQ(Stronger(FindingAction::kReset, FindingAction::kIsolate), FindingAction::kReset);
}

}  // namespace
}  // namespace rocm_doctor
