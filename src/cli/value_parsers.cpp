#include "cli/value_parsers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "platform/output_file.hpp"
#include "simhadr/shown.hpp"

namespace simhadr {

Role parse_role(const OptionInput& input) {
  std::string lower;
  for (const char c : input.text()) lower.push_back(static_cast<char>(std::tolower(c)));
  for (const Role role : {Role::Primary, Role::Standby}) {
    const std::string_view name = role_name(role);
    if (lower == name || lower == name.substr(0, 1)) return role;
  }
  throw UsageError(fmt::format("-{} {} is unknown; give primary (P) or standby (S)", input.name(),
                               shown(input.text())));
}

std::uint16_t parse_port(const OptionInput& input, const std::string& text, std::uint16_t least) {
  return parse_number<std::uint16_t>(input.name(), text, least, 65535);
}

std::vector<SyncMode> parse_sync_modes(const OptionInput& input) {
  const std::string& text = input.text();
  std::vector<SyncMode> modes;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    std::string name = text.substr(start, comma - start);
    std::erase(name, ' ');
    const std::optional<SyncMode> mode = parse_sync_mode(name);
    if (!mode) {
      throw UsageError(fmt::format("-{} {} is unknown; give SYNC, NEARSYNC, ASYNC or SUPERASYNC",
                                   input.name(), shown(name)));
    }
    if (std::ranges::find(modes, *mode) != modes.end()) {
      throw UsageError(fmt::format("-{} names {} twice", input.name(), name));
    }
    modes.push_back(*mode);
    if (comma == text.size()) return modes;
    start = comma + 1;
  }
}

// 1.2, TLSv1.2 as OpenSSL prints it, or TLSV12 as Db2's SSL_VERSIONS writes it.
TlsVersion parse_tls_version(const OptionInput& input) {
  std::string upper;
  for (const char c : input.text()) {
    upper.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  for (const std::string_view prefix : {"TLSV", "TLS"}) {
    if (upper.starts_with(prefix)) {
      upper.erase(0, prefix.size());
      break;
    }
  }
  if (upper == "1.2" || upper == "12") return TlsVersion::Tls12;
  if (upper == "1.3" || upper == "13") return TlsVersion::Tls13;
  throw UsageError(
      fmt::format("-{} {} is unknown; give 1.2 or 1.3", input.name(), shown(input.text())));
}

std::string parse_output_path(const OptionInput& input, bool stdout_allowed) {
  const std::string& path = input.text();
  const std::string_view option = input.name();
  if (path.empty()) {
    throw UsageError(fmt::format("-{} needs a file name (or - for stdout)", option));
  }
  if (path == "-" && !stdout_allowed) {
    throw UsageError(fmt::format("-{} appends to a file; give a file name, not -", option));
  }
  if (path == "-") return path;
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const std::string directory = parent.empty() ? std::string(".") : parent.string();
  if (const auto why = cannot_write_in(directory)) {
    throw UsageError(fmt::format("-{} {}: cannot write in directory {}: {}", option, shown(path),
                                 shown(directory), *why));
  }
  if (std::filesystem::is_directory(path)) {
    throw UsageError(fmt::format("-{} {} is a directory; give a file name", option, shown(path)));
  }
  return path;
}

}  // namespace simhadr
