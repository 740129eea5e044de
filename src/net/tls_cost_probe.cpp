#include "net/tls_cost_probe.hpp"

#include <openssl/bio.h>
#include <openssl/ssl.h>
#include <time.h>

#include <algorithm>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "net/connect.hpp"
#include "net/openssl_owners.hpp"
#include "net/tls_context.hpp"
#include "net/tls_errors.hpp"
#include "simhadr/models/disk_fit.hpp"

namespace simhadr {

namespace {

constexpr std::size_t kRecordBytes = 16384;
// Whole flushes of the run's size, as many as make a batch of at least this,
// written before they are read: two clock readings a batch, and few enough
// bytes that the batch costs what a flush does rather than what memory does.
constexpr std::uint64_t kLeastBatchBytes = 512 * 1024;
constexpr int kBatchesPerTrial = 4;
// Many short trials, the median taken: a moment's slowness (a clock still
// ramping up at start-up, a burst on the hypervisor) spoils a few trials, not
// the figure, while a host whose cipher is slower throughout (a neighbour on
// the same core's vector unit: `openssl speed` here moved from 4.1 to 2.8 GB/s
// within the hour) gives the figure a run there will pay; the cheapest trial
// would give the idle host's. Flushes so large that forty trials would take
// more than this many bytes have fewer trials, never fewer than the least (nor
// more than the caller's most).
constexpr std::uint64_t kProbeBytes = 80ULL * 1024 * 1024;
constexpr int kLeastTrials = 5;
// One flush larger than this is written in pieces of it: its records are full
// ones either way, and the probe's memory stays bounded.
constexpr std::uint64_t kLargestWrite = 4ULL * 1024 * 1024;
// A record's header, tag and padding, with room to spare, and the handshake's flights.
constexpr std::uint64_t kRecordRoom = 256;
constexpr std::uint64_t kHandshakeRoom = 65536;

// What one trial writes: whole flushes (or pieces of one) as the primary hands
// them to TLS, so a small flush's records are as small as the run's and carry
// their own costs, and a large flush's bytes are as far from cache.
struct ProbeShape {
  std::uint64_t write_bytes;  // one SSL_write: a flush, or a piece of a large one
  std::uint64_t batch_bytes;  // whole writes between two clock readings
  int trials;

  ProbeShape(std::uint64_t flush_bytes, int most_trials)
      : write_bytes(std::clamp<std::uint64_t>(flush_bytes, 1, kLargestWrite)),
        batch_bytes((kLeastBatchBytes + write_bytes - 1) / write_bytes * write_bytes),
        trials(std::min(most_trials, static_cast<int>(std::clamp<std::uint64_t>(
                                         kProbeBytes / (batch_bytes * kBatchesPerTrial),
                                         kLeastTrials, kTlsProbeMostTrials)))) {}

  // The records of a batch, with their headers and tags, in the pipe between the two ends.
  std::uint64_t pipe_bytes() const {
    const std::uint64_t record = std::min(write_bytes, kRecordBytes);
    return batch_bytes + (batch_bytes / record + 1) * kRecordRoom + kHandshakeRoom;
  }
};

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
void join(SSL* client, SSL* server, std::uint64_t pipe_bytes) {
  BIO* client_end = nullptr;
  BIO* server_end = nullptr;
  if (BIO_new_bio_pair(&client_end, pipe_bytes, &server_end, pipe_bytes) != 1) {
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

// All of `data` into the pipe (which holds a batch), record after record, as
// the transport writes a flush: partial writes on, each call takes a record.
void write_whole(SSL* ssl, std::span<const char> data) {
  for (std::size_t taken = 0; taken < data.size();) {
    std::size_t written = 0;
    if (SSL_write_ex(ssl, data.data() + taken, data.size() - taken, &written) != 1) {
      throw RunError("-model -tls: OpenSSL could not encrypt in memory (" + take_openssl_reason() +
                     ")");
    }
    taken += written;
  }
}

// One record's bytes, or as many as `into` holds.
std::size_t read_some(SSL* ssl, std::span<char> into) {
  std::size_t got = 0;
  if (SSL_read_ex(ssl, into.data(), into.size(), &got) != 1) {
    throw RunError("-model -tls: OpenSSL could not decrypt in memory (" + take_openssl_reason() +
                   ")");
  }
  return got;
}

}  // namespace

TlsCipherCost measure_tls_cost(const TlsSettings& settings, std::uint64_t flush_bytes,
                               std::uint64_t receive_buffer_bytes, int most_trials) {
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
  const ProbeShape shape(flush_bytes, std::max(most_trials, 1));
  join(client.get(), server.get(), shape.pipe_bytes());
  handshake_in_memory(client.get(), server.get());

  const std::vector<char> flush(shape.write_bytes, 'x');
  std::vector<char> received(std::max<std::uint64_t>(receive_buffer_bytes, kRecordBytes));
  std::size_t read_at = 0;
  std::vector<double> encrypting;
  std::vector<double> decrypting;
  const double trial_bytes = static_cast<double>(shape.batch_bytes) * kBatchesPerTrial;
  for (int trial = 0; trial < shape.trials; ++trial) {
    double encrypt = 0;
    double decrypt = 0;
    for (int batch = 0; batch < kBatchesPerTrial; ++batch) {
      const double start = cpu_seconds();
      for (std::uint64_t put = 0; put < shape.batch_bytes; put += flush.size()) {
        write_whole(client.get(), flush);
      }
      const double written = cpu_seconds();
      for (std::uint64_t taken = 0; taken < shape.batch_bytes;) {
        if (read_at == received.size()) read_at = 0;
        const std::size_t got = read_some(server.get(), std::span(received).subspan(read_at));
        read_at += got;
        taken += got;
      }
      encrypt += written - start;
      decrypt += cpu_seconds() - written;
    }
    encrypting.push_back(encrypt / trial_bytes);
    decrypting.push_back(decrypt / trial_bytes);
  }
  TlsCipherCost cost;
  cost.encrypt_seconds_per_byte = median(std::move(encrypting));
  cost.decrypt_seconds_per_byte = median(std::move(decrypting));
  cost.version = SSL_get_version(client.get());
  if (const SSL_CIPHER* cipher = SSL_get_current_cipher(client.get())) {
    cost.cipher = SSL_CIPHER_standard_name(cipher);
  }
  return cost;
}

}  // namespace simhadr
