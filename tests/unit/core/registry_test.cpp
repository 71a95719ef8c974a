#include <gtest/gtest.h>

#include <set>

#include "rocm_doctor/check.h"
#include "rocm_doctor/engine.h"

namespace rocm_doctor {
namespace {

// One check per file under checks/<layer>/ (DESIGN rule 5): the registry must hold exactly as
// many checks as there are check files, or a registrar was lost (or a file holds two).
TEST(CheckRegistry, CountMatchesTheCheckFiles) {
  EXPECT_EQ(CheckRegistry::Instance().All().size(),
            static_cast<std::size_t>(ROCMDOC_CHECK_FILE_COUNT));
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
