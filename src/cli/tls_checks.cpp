#include "cli/tls_checks.hpp"

#include <fmt/format.h>

#include <array>

#include "cli/ignored_options.hpp"
#include "cli/input_file.hpp"
#include "cli/option_table.hpp"
#include "cli/usage_error.hpp"
#include "simhadr/tls_support.hpp"

namespace simhadr {

namespace {

using Id = OptionId;

constexpr std::array kTlsOptions{Id::Tls,          Id::TlsCert,    Id::TlsKey,     Id::TlsCA,
                                 Id::TlsHostCheck, Id::TlsVersion, Id::TlsCiphers, Id::TlsCost};
// What a connection's certificates are: nothing a modelled run has.
constexpr std::array kCertificateOptions{Id::TlsCert, Id::TlsKey, Id::TlsCA, Id::TlsHostCheck};

void check_files(const TlsSettings& tls) {
  const std::array files{std::pair{Id::TlsCert, &tls.certificate}, std::pair{Id::TlsKey, &tls.key},
                         std::pair{Id::TlsCA, &tls.ca}};
  for (const auto& [id, path] : files) {
    if (!path->empty()) open_input_file(option_name(id), *path);
  }
}

}  // namespace

void check_tls(RunConfig& config, Action action, const std::function<bool(OptionId)>& given,
               std::vector<std::string>& warnings) {
  if (!config.tls) return;
  TlsSettings& tls = *config.tls;
  const bool real_run =
      action == Action::Primary || action == Action::Standby || action == Action::Demo;
  if (!real_run && action != Action::Model) {
    warn_given(kTlsOptions, given,
               fmt::format("applies to shipping runs and {}; ignored", Id::Model), warnings);
    config.tls.reset();
    return;
  }
  if (action == Action::Model) {
    warn_given(kCertificateOptions, given,
               fmt::format("applies to real runs; {} only charges the cipher's CPU time; ignored",
                           Id::Model),
               warnings);
    if (!kTlsBuilt && !tls.cipher_cost) {
      throw UsageError(fmt::format(
          "{} {} measures the cipher with OpenSSL, which this build does not have; give "
          "{} SECONDS_PER_GB",
          Id::Model, Id::Tls, Id::TlsCost));
    }
    return;
  }
  if (!kTlsBuilt) {
    throw UsageError(fmt::format(
        "{}: this build of simhadr has no TLS (it was built without OpenSSL); use a Linux "
        "build, or {} {} {} to plan",
        Id::Tls, Id::Model, Id::Tls, Id::TlsCost));
  }
  if (tls.cipher_cost) {
    warn_given(std::array{Id::TlsCost}, given,
               fmt::format("applies to {}; a real run measures what TLS costs; ignored", Id::Model),
               warnings);
    tls.cipher_cost.reset();
  }
  if (!tls.key.empty() && tls.certificate.empty()) {
    throw UsageError(
        fmt::format("{} needs {}, the certificate the key belongs to", Id::TlsKey, Id::TlsCert));
  }
  if (tls.host_check && !tls.verifies_peer()) {
    throw UsageError(
        fmt::format("{} checks the name in a verified certificate; give {} to verify the peer",
                    Id::TlsHostCheck, Id::TlsCA));
  }
  check_files(tls);
}

}  // namespace simhadr
