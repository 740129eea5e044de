#pragma once
// How the option rows that take more than one plain value store them: lists,
// pairs of figures, files to read (option_table.cpp names each row's).
#include "cli/option_values.hpp"
#include "simhadr/limits.hpp"

namespace simhadr::option_stores {

using Values = OptionValues;
using Input = OptionInput;

void store_rhost(Values& o, const Input& in);
void store_rport(Values& o, const Input& in);
void store_disk(Values& o, const Input& in);
void store_log_dir(Values& o, const Input& in);
void store_replay(Values& o, const Input& in);
void store_net_delay(Values& o, const Input& in);
void store_net_rate(Values& o, const Input& in);
void store_tcp_cost(Values& o, const Input& in);
void store_log_rate(Values& o, const Input& in);
void store_log_buf_size(Values& o, const Input& in);
void store_net_outage_every(Values& o, const Input& in);
void store_tls_cost(Values& o, const Input& in);
void store_calculate(Values& o, const Input& in);
void store_payload(Values& o, const Input& in);
void store_diagnose(Values& o, const Input& in);
void store_network(Values& o, const Input& in);
Nanos seconds(const Input& in, double least);

// A setting in seconds into `member`: 0 (off) allowed, or above 0 only.
template <auto member>
void store_seconds_or_off(Values& o, const Input& in) {
  o.config.*member = in.number(0.0, kMaxOutageSeconds);
}
template <auto member>
void store_positive_seconds(Values& o, const Input& in) {
  o.config.*member = in.positive(kMaxOutageSeconds);
}
void store_disk_target(Values& o, const Input& in, DiskTestKind kind);

}  // namespace simhadr::option_stores
