#include "cli/standby_list.hpp"

#include <gtest/gtest.h>

#include "cli/usage_error.hpp"

namespace simhadr {
namespace {

TEST(StandbyList, SplitsACommaListAndRefusesAnEmptyEntry) {
  EXPECT_EQ(split_list("rhost", "a, b,c"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_THROW(split_list("rhost", "a,,c"), UsageError);
}

TEST(StandbyList, PairsHostsWithPortsPrincipalFirst) {
  const auto standbys = pair_standby_list({"db2", "dr1"}, {47001, 47002});
  ASSERT_EQ(standbys.size(), 2U);
  EXPECT_EQ(standbys[0].host, "db2");
  EXPECT_EQ(standbys[1].port, 47002);
  EXPECT_THROW(pair_standby_list({"a", "b", "c", "d"}, {1, 2, 3, 4}), UsageError);
  EXPECT_THROW(pair_standby_list({"a", "b"}, {1}), UsageError);
  EXPECT_THROW(pair_standby_list({"a", "a"}, {1, 1}), UsageError);
  EXPECT_NO_THROW(pair_standby_list({"a", "a"}, {1, 2}));
}

TEST(StandbyList, SpoolLimitTakesPagesMinusOneOrUnlimited) {
  EXPECT_EQ(parse_spool_limit("0"), 0U);
  EXPECT_EQ(parse_spool_limit("25000"), 25000U);
  EXPECT_EQ(parse_spool_limit("-1"), kUnlimitedSpool);
  EXPECT_EQ(parse_spool_limit("unlimited"), kUnlimitedSpool);
  EXPECT_THROW(parse_spool_limit("-2"), UsageError);
  EXPECT_THROW(parse_spool_limit("2147483648"), UsageError);
  EXPECT_THROW(parse_spool_limit("lots"), UsageError);
}

TEST(StandbyList, TheModelGivesEachAuxiliaryItsOwnLinkOrTheSharedOne) {
  RunConfig config;
  settle_modelled_standbys(config, {{"pr", "dr1", "dr2"}, {}, {0.01}, {1000, 25, 50}});
  ASSERT_EQ(config.auxiliaries.size(), 2U);
  EXPECT_EQ(config.auxiliaries[1].host, "dr2");
  EXPECT_EQ(config.auxiliaries[1].port, 0);
  EXPECT_EQ(config.auxiliary_networks[0].one_way_delay_seconds, 0.01);
  EXPECT_EQ(config.auxiliary_networks[0].rate, 25_MBps);
  EXPECT_EQ(config.auxiliary_networks[1].rate, 50_MBps);
  RunConfig mismatched;
  EXPECT_THROW(settle_modelled_standbys(mismatched, {{"pr", "dr"}, {}, {}, {1, 2, 3}}), UsageError);
}

TEST(StandbyList, ARealPrimaryRefusesTheStandbysOwnOptions) {
  RunConfig config;
  config.run = PrimaryRun{};
  const StandbyLists lists{{"db2", "dr1"}, {1, 2}, {}, {}};
  EXPECT_THROW(
      settle_real_standbys(config, lists, [](OptionId id) { return id == OptionId::HadrBufSize; }),
      UsageError);
  settle_real_standbys(config, lists, [](OptionId) { return false; });
  ASSERT_EQ(config.auxiliaries.size(), 1U);
  EXPECT_EQ(config.auxiliaries[0].host, "dr1");
  RunConfig standby;
  standby.run = StandbyRun{};
  EXPECT_THROW(settle_real_standbys(standby, lists, [](OptionId) { return false; }), UsageError);
}

}  // namespace
}  // namespace simhadr
