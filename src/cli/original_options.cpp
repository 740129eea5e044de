// The options the original simhadr has. Scripts written for it abbreviate
// them, so an abbreviation one of them shares with options of ours means the
// original's (arg_normalizer.cpp).
#include <algorithm>
#include <array>

#include "cli/option_table.hpp"

namespace simhadr {

bool of_the_original(std::string_view name) {
  using Id = OptionId;
  constexpr std::array kOriginalOptions{
      Id::Role,        Id::Lhost,    Id::Lport,    Id::Rhost,      Id::Rport,
      Id::N,           Id::T,        Id::SyncMode, Id::Rcu,        Id::FlushSize,
      Id::HadrBufSize, Id::Target,   Id::Verbose,  Id::SockSndBuf, Id::SockRcvBuf,
      Id::Nagle,       Id::Block,    Id::Bind,     Id::Disk,       Id::Write,
      Id::Read,        Id::TestDisk, Id::Cache,    Id::Spin,       Id::TestSleep};
  return std::ranges::any_of(kOriginalOptions, [&](Id id) { return option_name(id) == name; });
}

}  // namespace simhadr
