#include "net/tls_cost_probe.hpp"

#include <openssl/bio.h>
#include <openssl/ssl.h>
#include <time.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "net/connect.hpp"
#include "net/openssl_owners.hpp"
#include "net/tls_context.hpp"
#include "net/tls_errors.hpp"

namespace simhadr {

namespace {

constexpr std::size_t kRecordBytes = 16384;
// Records written before they are read: two clock readings a batch, and few
// enough records to stay in cache. Many short trials, the cheapest taken: a
// host's CPU that is slow for a moment at start-up (a clock still ramping up,
// a neighbour on the hypervisor) spoils a few of them, not the figure; five
// trials of 16 MB gave 0.29 to 0.62 s/GB from one run to the next here.
constexpr int kRecordsPerBatch = 32;
constexpr int kBatchesPerTrial = 4;  // 2 MB a trial
constexpr int kTrials = 40;
// A batch of records with their headers and tags, and the handshake's flights.
constexpr std::size_t kPipeBytes = kRecordsPerBatch * (kRecordBytes + 256) + 65536;

// The thread's CPU clock in seconds, read to the nanosecond: getrusage
// (this_thread_times) may count whole scheduler ticks, longer than a batch.
double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

SslOwner memory_endpoint(const TlsContext& context) {
  SslOwner ssl(SSL_new(context.native()));
  if (!ssl) throw RunError("-model -tls: OpenSSL cannot make a connection to measure with");
  return ssl;
}

// The two endpoints joined by OpenSSL's BIO pair: what one writes, the other
// reads, through a fixed buffer (no growing, no copy of our own).
void join(SSL* client, SSL* server) {
  BIO* client_end = nullptr;
  BIO* server_end = nullptr;
  if (BIO_new_bio_pair(&client_end, kPipeBytes, &server_end, kPipeBytes) != 1) {
    throw RunError("-model -tls: OpenSSL cannot join two endpoints in memory");
  }
  SSL_set_bio(client, client_end, client_end);
  SSL_set_bio(server, server_end, server_end);
}

void handshake_in_memory(SSL* client, SSL* server) {
  SSL_set_connect_state(client);
  SSL_set_accept_state(server);
  for (int round = 0; round < 16; ++round) {
    const int client_done = SSL_do_handshake(client);
    const int server_done = SSL_do_handshake(server);
    if (client_done == 1 && server_done == 1) return;
  }
  throw RunError("-model -tls: the in-memory TLS handshake to measure the cipher failed (" +
                 take_openssl_reason() + ")");
}

}  // namespace

TlsCipherCost measure_tls_cost(const TlsSettings& settings, std::uint64_t receive_buffer_bytes) {
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
  join(client.get(), server.get());
  handshake_in_memory(client.get(), server.get());

  std::vector<char> record(kRecordBytes, 'x');
  std::vector<char> received(std::max<std::uint64_t>(receive_buffer_bytes, kRecordBytes));
  std::size_t read_at = 0;
  TlsCipherCost cost;
  cost.encrypt_seconds_per_byte = cost.decrypt_seconds_per_byte = 1;
  const double trial_bytes =
      static_cast<double>(kRecordBytes) * kRecordsPerBatch * kBatchesPerTrial;
  for (int trial = 0; trial < kTrials; ++trial) {
    double encrypt = 0;
    double decrypt = 0;
    for (int batch = 0; batch < kBatchesPerTrial; ++batch) {
      const double start = cpu_seconds();
      for (int i = 0; i < kRecordsPerBatch; ++i) {
        SSL_write(client.get(), record.data(), static_cast<int>(record.size()));
      }
      const double written = cpu_seconds();
      for (int i = 0; i < kRecordsPerBatch; ++i) {
        if (read_at + kRecordBytes > received.size()) read_at = 0;
        SSL_read(server.get(), received.data() + read_at, static_cast<int>(kRecordBytes));
        read_at += kRecordBytes;
      }
      encrypt += written - start;
      decrypt += cpu_seconds() - written;
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
