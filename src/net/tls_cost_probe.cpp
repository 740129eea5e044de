#include "net/tls_cost_probe.hpp"

#include <openssl/bio.h>
#include <openssl/ssl.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "net/connect.hpp"
#include "net/openssl_owners.hpp"
#include "net/tls_context.hpp"
#include "net/tls_errors.hpp"

namespace simhadr {

namespace {

constexpr std::size_t kRecordBytes = 16384;
constexpr int kRecordsPerTrial = 256;  // 4 MB: a few milliseconds at GB/s
constexpr int kTrials = 5;

double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// One endpoint whose bytes go out through a memory BIO.
SslOwner memory_endpoint(const TlsContext& context) {
  SslOwner ssl(SSL_new(context.native()));
  if (!ssl) throw RunError("-model -tls: OpenSSL cannot make a connection to measure with");
  SSL_set_bio(ssl.get(), BIO_new(BIO_s_mem()), BIO_new(BIO_s_mem()));
  return ssl;
}

// Moves what `from` has written to where `to` reads it.
void carry_records(SSL* from, SSL* to) {
  std::array<char, kRecordBytes + 1024> bytes{};
  BIO* out = SSL_get_wbio(from);
  BIO* in = SSL_get_rbio(to);
  for (int got; (got = BIO_read(out, bytes.data(), static_cast<int>(bytes.size()))) > 0;) {
    BIO_write(in, bytes.data(), got);
  }
}

void handshake_in_memory(SSL* client, SSL* server) {
  SSL_set_connect_state(client);
  SSL_set_accept_state(server);
  for (int round = 0; round < 16; ++round) {
    const int client_done = SSL_do_handshake(client);
    carry_records(client, server);
    const int server_done = SSL_do_handshake(server);
    carry_records(server, client);
    if (client_done == 1 && server_done == 1) return;
  }
  throw RunError("-model -tls: the in-memory TLS handshake to measure the cipher failed (" +
                 take_openssl_reason() + ")");
}

}  // namespace

TlsCipherCost measure_tls_cost(const TlsSettings& settings) {
  // Each side's own certificate made at start-up; nothing to verify in memory.
  TlsSettings unverified = settings;
  unverified.certificate.clear();
  unverified.key.clear();
  unverified.ca.clear();
  unverified.host_check = false;
  const TlsContext client_context(unverified, Role::Primary);
  const TlsContext server_context(unverified, Role::Standby);
  const SslOwner client = memory_endpoint(client_context);
  const SslOwner server = memory_endpoint(server_context);
  handshake_in_memory(client.get(), server.get());

  std::vector<char> record(kRecordBytes, 'x');
  std::vector<char> received(kRecordBytes);
  TlsCipherCost cost;
  cost.encrypt_seconds_per_byte = cost.decrypt_seconds_per_byte = 1;
  const double trial_bytes = static_cast<double>(kRecordBytes) * kRecordsPerTrial;
  for (int trial = 0; trial < kTrials; ++trial) {
    double encrypt = 0;
    double decrypt = 0;
    for (int i = 0; i < kRecordsPerTrial; ++i) {
      const double start = thread_cpu_seconds();
      SSL_write(client.get(), record.data(), static_cast<int>(record.size()));
      const double written = thread_cpu_seconds();
      carry_records(client.get(), server.get());
      const double carried = thread_cpu_seconds();
      SSL_read(server.get(), received.data(), static_cast<int>(received.size()));
      const double read = thread_cpu_seconds();
      encrypt += written - start;
      decrypt += read - carried;
    }
    cost.encrypt_seconds_per_byte = std::min(cost.encrypt_seconds_per_byte, encrypt / trial_bytes);
    cost.decrypt_seconds_per_byte = std::min(cost.decrypt_seconds_per_byte, decrypt / trial_bytes);
  }
  cost.version = SSL_get_version(client.get());
  if (const SSL_CIPHER* cipher = SSL_get_current_cipher(client.get())) {
    cost.cipher = SSL_CIPHER_standard_name(cipher);
  }
  return cost;
}

}  // namespace simhadr
