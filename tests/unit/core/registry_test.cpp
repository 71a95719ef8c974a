// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "rocm_doctor/catalog.h"
#include "rocm_doctor/check.h"
#include "core/engine.h"
#include "support/golden.h"

namespace rocm_doctor {
namespace {

// The manifest: every registered check with its layer, cost, prerequisites and the finding codes
// it owns, then the codes checks/ registers without an owner (those a table's rows share).
// Engine codes (core.*) belong to src/core/ and test codes (test.*) to the tests that register
// them: both are left out. The file is pinned in
// tests/golden/checks/manifest.txt: a lost registrar, a code registered by no check or a check
// that appears unannounced all change it (ROCMDOC_UPDATE_GOLDEN=1 rewrites it for a new check).
std::string Manifest() {
  std::string text;
  std::set<std::string_view> owned;
  for (const RegisteredCheck& c : CheckRegistry::Instance().All()) {
    text += std::string(c.info->id) + " (" + std::string(ToString(c.info->layer));
    if (c.info->cost == Cost::kProbe) text += ", probe";
    if (c.info->cost == Cost::kBenchmark) text += ", benchmark";
    if (c.info->per_gpu) text += ", per GPU";
    if (c.info->runs_when_blocked) text += ", runs when blocked";
    text += ")";
    for (std::size_t i = 0; i < c.info->prerequisites.size(); ++i) {
      text += (i == 0 ? " after " : ", ") + std::string(c.info->prerequisites[i]);
    }
    text += "\n";
    for (const FindingSpec& spec : c.info->findings) {
      text += "  " + std::string(spec.code) + "\n";
      owned.insert(spec.code);
    }
  }
  text += "shared codes:\n";
  for (const FindingSpec* spec : Catalog::Instance().All()) {
    const std::string_view domain = spec->code.substr(0, spec->code.find('.'));
    if (domain == "core" || domain == "test" || owned.count(spec->code)) continue;
    text += "  " + std::string(spec->code) + "\n";
  }
  return text;
}

TEST(CheckRegistry, MatchesTheManifest) {
  EXPECT_EQ(testing::CompareWithGolden("checks/manifest.txt", Manifest()), "");
}

TEST(CheckRegistry, EveryOwnedCodeIsInTheCatalogOnce) {
  std::set<std::string_view> seen;
  for (const RegisteredCheck& c : CheckRegistry::Instance().All()) {
    for (const FindingSpec& spec : c.info->findings) {
      EXPECT_TRUE(seen.insert(spec.code).second) << spec.code << " owned twice";
      EXPECT_EQ(Catalog::Instance().Find(spec.code), &spec) << spec.code;
    }
  }
}

TEST(CheckRegistry, IdsStartWithTheirLayerAndPrerequisitesExist) {
  for (const RegisteredCheck& c : CheckRegistry::Instance().All()) {
    std::string prefix = std::string(ToString(c.info->layer)) + ".";
    EXPECT_EQ(c.info->id.substr(0, prefix.size()), prefix) << c.info->id;
    EXPECT_FALSE(c.info->title.empty()) << c.info->id;
    for (std::string_view p : c.info->prerequisites) {
      EXPECT_NE(CheckRegistry::Instance().Find(p), nullptr)
          << c.info->id << " needs unknown check " << p;
    }
  }
}

TEST(CheckRegistry, PrerequisiteGraphHasNoCycle) {
  std::vector<const RegisteredCheck*> all;
  for (const RegisteredCheck& c : CheckRegistry::Instance().All()) all.push_back(&c);
  auto order = OrderChecks(all);
  std::set<std::string_view> seen;
  for (const RegisteredCheck* c : order) {
    for (std::string_view p : c->info->prerequisites) {
      EXPECT_TRUE(seen.count(p)) << c->info->id << " runs before its prerequisite " << p;
    }
    seen.insert(c->info->id);
  }
}

}  // namespace
}  // namespace rocm_doctor
