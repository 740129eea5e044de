#include "net/tls_transport.hpp"

#include <fmt/format.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <array>
#include <boost/asio/ip/address.hpp>
#include <cerrno>

#include "net/connect.hpp"
#include "net/connect_wait.hpp"
#include "net/openssl_owners.hpp"
#include "net/tls_errors.hpp"
#include "platform/socket_io.hpp"
#include "simhadr/transport_sizes.hpp"
#include "simhadr/wait_slices.hpp"
#include "simhadr/wire/tls_record.hpp"

namespace simhadr {

namespace {

using boost::asio::ip::tcp;

// A primary of ours waits this long at most for the standby's TLS 1.3 ticket,
// which says the standby accepted its certificate; a standby that sends none
// still gets its run.
constexpr auto kTicketWait = std::chrono::seconds(5);
// How long a standby that met a plain primary keeps reading, so its alert
// reaches that primary before the connection is reset.
constexpr auto kRefusalLinger = std::chrono::seconds(1);

std::string_view peer_name(Role role) {
  return role == Role::Primary ? "the standby" : "the primary";
}

class OpenSslTransport final : public TlsTransport {
 public:
  OpenSslTransport(tcp::socket socket, const TlsContext& context, const TlsConnectPlan& plan)
      : socket_(std::move(socket)),
        io_(socket_.native_handle()),
        ssl_(SSL_new(context.native())),
        peer_{peer_name(context.role()), plan.peer_host, context.settings().ca},
        blocking_(plan.blocking),
        verifies_(context.settings().verifies_peer()) {
    if (!ssl_) throw RunError(fmt::format("-tls: {}", take_openssl_reason()));
    boost::system::error_code error;
    socket_.native_non_blocking(true, error);
    if (error) throw RunError("-tls: cannot make the socket non-blocking: " + error.message());
    attach_socket(static_cast<int>(socket_.native_handle()));
    SSL_set_app_data(ssl_.get(), &notes_);
    if (context.settings().host_check) hold_to_host(plan.peer_host);
    if (context.role() == Role::Primary) {
      SSL_set_connect_state(ssl_.get());
    } else {
      SSL_set_accept_state(ssl_.get());
    }
  }

  // False when a stop came first.
  bool handshake(const Deadline& deadline, const StopSource& stop, Role role) {
    if (role == Role::Standby && !first_bytes_are_tls(deadline, stop)) return false;
    for (;;) {
      ERR_clear_error();
      const int done = SSL_do_handshake(ssl_.get());
      if (done == 1) break;
      if (!wait_to_retry(SSL_get_error(ssl_.get(), done), deadline, stop)) return false;
    }
    if (role == Role::Primary && SSL_version(ssl_.get()) == TLS1_3_VERSION) {
      return await_ticket(deadline, stop);
    }
    return true;
  }

  IoStep send_some(std::span<const char> data) override {
    for (;;) {
      const IoStep step = try_send(data);
      if (step.bytes > 0 || !step.would_block || !blocking_) return step;
      if (!io_.wait_ready(write_wants_, kStopCheckSlice)) return {0, true, kStopCheckSlice};
    }
  }

  IoStep recv_some(std::span<char> into) override { return recv_around(into, {}); }

  IoStep recv_around(std::span<char> first, std::span<char> second) override {
    IoStep got = read_into(first);
    if (got.bytes == first.size() && !second.empty() && SSL_pending(ssl_.get()) > 0) {
      got.bytes += read_into(second).bytes;
    }
    return got;
  }

  IoStep recv_waiting(std::span<char> first, std::span<char> second, Nanos max_wait) override {
    if (max_wait > Nanos{0} && SSL_has_pending(ssl_.get()) == 0 &&
        !io_.wait_ready(read_wants_, max_wait)) {
      return {0, true, max_wait};
    }
    return recv_around(first, second);
  }

  bool wait_readable(Nanos max_wait) override {
    return SSL_has_pending(ssl_.get()) == 1 || io_.wait_ready(read_wants_, max_wait);
  }

  bool wait_writable(Nanos max_wait) override {
    return blocking_ || io_.wait_ready(write_wants_, max_wait);
  }

  void close() override {
    // close_notify, as a courtesy: the peer treats a bare end of stream alike.
    ERR_clear_error();
    BIO_flush(SSL_get_wbio(ssl_.get()));
    SSL_shutdown(ssl_.get());
    ERR_clear_error();
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_send, ignored);
  }

  std::uint64_t unacknowledged_bytes() const override { return io_.unacknowledged_bytes(); }

  TlsFacts facts() const override {
    TlsFacts facts;
    facts.version = SSL_get_version(ssl_.get());
    if (const SSL_CIPHER* cipher = SSL_get_current_cipher(ssl_.get())) {
      facts.cipher = SSL_CIPHER_standard_name(cipher);
    }
    const X509* peer = SSL_get0_peer_certificate(ssl_.get());
    facts.peer_verified = verifies_ && peer && SSL_get_verify_result(ssl_.get()) == X509_V_OK;
    if (peer) {
      facts.peer_subject = name_text(X509_get_subject_name(peer));
      facts.peer_issuer = name_text(X509_get_issuer_name(peer));
    }
    const std::uint64_t wire = BIO_number_written(SSL_get_rbio(ssl_.get()));
    facts.record_overhead_bytes = wire > plain_sent_ ? wire - plain_sent_ : 0;
    return facts;
  }

 private:
  // Reads come straight from the socket; writes gather in a buffer in front of
  // it, so a flush's records reach the kernel in one call, as a plain flush does,
  // rather than one call, and one segment and wake-up of the peer, per 16 KB record.
  void attach_socket(int socket) {
    BioOwner reads(BIO_new_socket(socket, BIO_NOCLOSE));
    BioOwner writes(BIO_new(BIO_f_buffer()));
    if (!reads || !writes ||
        BIO_set_write_buffer_size(writes.get(), static_cast<long>(kTlsGatheredBytes)) != 1 ||
        BIO_up_ref(reads.get()) != 1) {
      throw RunError(fmt::format("-tls: {}", take_openssl_reason()));
    }
    BIO_push(writes.get(), reads.get());
    SSL_set_bio(ssl_.get(), reads.release(), writes.release());
  }

  // Encrypts what it can of `data` into the write buffer and hands the buffer
  // to the kernel. Bytes count as sent once the kernel has all their records:
  // until then the call would block, and the next reports them.
  IoStep try_send(std::span<const char> data) {
    if (records_held_ && !records_handed_over()) return {0, true};
    if (encrypted_unreported_ == 0) {
      encrypted_unreported_ = encrypt(data);
      if (encrypted_unreported_ == 0 || !records_handed_over()) return {0, true};
    }
    const std::size_t reported = std::min(encrypted_unreported_, data.size());
    encrypted_unreported_ -= reported;
    return {reported, false};
  }

  // The bytes of `data` TLS took, record by record, until all or the buffer is full.
  // A record written adds nothing to OpenSSL's error queue, so it is emptied once.
  std::size_t encrypt(std::span<const char> data) {
    std::size_t taken = 0;
    ERR_clear_error();
    while (taken < data.size()) {
      std::size_t written = 0;
      const int done = SSL_write_ex(ssl_.get(), data.data() + taken, data.size() - taken, &written);
      if (done != 1) {
        const int status = SSL_get_error(ssl_.get(), done);
        if (!wants_io(status, write_wants_)) throw failure(status, "send");
        break;
      }
      taken += written;
    }
    plain_sent_ += taken;
    records_held_ = true;  // a refused write may have left part of a record behind too
    return taken;
  }

  // True once the write buffer is empty: the kernel has every record so far.
  bool records_handed_over() {
    ERR_clear_error();
    if (BIO_flush(SSL_get_wbio(ssl_.get())) == 1) {
      records_held_ = false;
      return true;
    }
    if (!BIO_should_retry(SSL_get_wbio(ssl_.get()))) throw failure(SSL_ERROR_SYSCALL, "send");
    write_wants_ = Readiness::Writable;
    return false;
  }

  void hold_to_host(const std::string& host) {
    boost::system::error_code not_an_address;
    boost::asio::ip::make_address(host, not_an_address);
    const int held = not_an_address
                         ? SSL_set1_host(ssl_.get(), host.c_str())
                         : X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl_.get()), host.c_str());
    if (held != 1) throw RunError(fmt::format("-tlsHostCheck: cannot check for host {}", host));
  }

  // Whether OpenSSL asks to wait for the socket, and for which readiness.
  static bool wants_io(int status, Readiness& wants) {
    if (status == SSL_ERROR_WANT_READ) {
      wants = Readiness::Readable;
      return true;
    }
    if (status == SSL_ERROR_WANT_WRITE) {
      wants = Readiness::Writable;
      return true;
    }
    return false;
  }

  IoStep read_into(std::span<char> into) {
    if (into.empty()) return {0, false};
    ERR_clear_error();
    std::size_t got = 0;
    const int done = SSL_read_ex(ssl_.get(), into.data(), into.size(), &got);
    if (done == 1) return {got, false};
    const int status = SSL_get_error(ssl_.get(), done);
    if (wants_io(status, read_wants_)) return {0, true};
    if (status == SSL_ERROR_ZERO_RETURN) return {0, false};  // the peer closed
    throw failure(status, "receive");
  }

  TransportError failure(int status, std::string_view call) {
    const int system_error = errno;
    if (status == SSL_ERROR_SYSCALL && system_error == ECONNRESET) {
      return TransportError(
          "the other side reset the connection (its process ended or its host went away)");
    }
    if (status == SSL_ERROR_SYSCALL && system_error == EPIPE) {
      return TransportError("the other side closed the connection");
    }
    const std::string reason = take_openssl_reason();
    return TransportError(
        fmt::format("TLS {} failed: {}", call, reason.empty() ? "no reason given" : reason));
  }

  // Waits for what the failed call wants; false on a stop; RunError when the
  // call failed outright or the deadline passed.
  bool wait_to_retry(int status, const Deadline& deadline, const StopSource& stop) {
    Readiness wants = Readiness::Readable;
    if (!wants_io(status, wants)) {
      throw RunError(tls_failure(ssl_.get(), status, peer_, notes_, errno));
    }
    return wait_for(wants, deadline, stop);
  }

  bool wait_for(Readiness wants, const Deadline& deadline, const StopSource& stop) {
    for (;;) {
      if (stop.requested()) return false;
      if (deadline.passed()) {
        throw RunError(fmt::format(
            "{} did not finish a TLS handshake within the bound (-connectTimeout): is it "
            "started with -tls? The original simhadr has no TLS",
            peer_.name));
      }
      if (io_.wait_ready(wants, deadline.next_wait(kStopCheckSlice))) return true;
    }
  }

  // The standby, before OpenSSL reads anything: a primary that spoke plain
  // simhadr is told so in a TLS alert it can recognise, and refused.
  bool first_bytes_are_tls(const Deadline& deadline, const StopSource& stop) {
    std::array<char, kTlsRecordHeaderBytes> first{};
    for (;;) {
      const IoStep seen = io_.peek(first);
      if (seen.bytes >= 3) break;
      if (!seen.would_block) {
        throw RunError(
            "the primary closed the connection before its TLS handshake: is it started with "
            "-tls?");
      }
      if (!wait_for(Readiness::Readable, deadline, stop)) return false;
    }
    if (looks_like_tls_record(first)) return true;
    refuse_plain_peer();
    throw RunError(
        "the primary does not speak TLS (its first bytes are simhadr's plain handshake): start "
        "it with -tls too; the original simhadr has no TLS");
  }

  void refuse_plain_peer() {
    io_.send(kTlsProtocolVersionAlert);
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_send, ignored);
    // Reading what the primary sends until it closes, or for a moment, keeps the
    // close a FIN, so the alert is not lost to a reset.
    const Deadline linger(kRefusalLinger);
    std::array<char, 65536> discard{};
    while (!linger.passed()) {
      if (!io_.wait_ready(Readiness::Readable, linger.next_wait(kStopCheckSlice))) continue;
      const IoStep got = io_.receive(discard, {});
      if (got.bytes == 0 && !got.would_block) break;
    }
  }

  // The primary under TLS 1.3: the handshake ends before the standby has
  // checked this side's certificate; its ticket says it has, its alert that it
  // refused. Waiting for one of them here names the refusal before the run starts.
  bool await_ticket(const Deadline& deadline, const StopSource& stop) {
    const Deadline ticket_wait(kTicketWait);
    std::array<char, 1> next{};
    while (!notes_.session_ticket && !ticket_wait.passed()) {
      if (stop.requested()) return false;
      if (!io_.wait_ready(Readiness::Readable, ticket_wait.next_wait(kStopCheckSlice))) continue;
      ERR_clear_error();
      std::size_t seen = 0;
      const int done = SSL_peek_ex(ssl_.get(), next.data(), next.size(), &seen);
      if (done == 1) break;  // the standby's first bytes: it took the handshake
      const int status = SSL_get_error(ssl_.get(), done);
      Readiness ignored = Readiness::Readable;
      if (!wants_io(status, ignored)) {
        throw RunError(tls_failure(ssl_.get(), status, peer_, notes_, errno));
      }
      if (deadline.passed()) break;
    }
    return true;
  }

  tcp::socket socket_;
  SocketIo io_;
  SslOwner ssl_;
  TlsPeerNotes notes_;
  TlsPeer peer_;
  bool blocking_;
  bool verifies_;
  std::uint64_t plain_sent_ = 0;
  std::size_t encrypted_unreported_ = 0;  // encrypted and sent, not yet counted by the caller
  // The write buffer may hold records the kernel has not: false only after a
  // hand-over emptied it, so a send after a whole one asks nothing of OpenSSL first.
  bool records_held_ = false;
  Readiness read_wants_ = Readiness::Readable;
  Readiness write_wants_ = Readiness::Writable;
};

}  // namespace

std::unique_ptr<TlsTransport> open_tls(tcp::socket socket, const TlsContext& context,
                                       const TlsConnectPlan& plan, const StopSource& stop) {
  auto transport = std::make_unique<OpenSslTransport>(std::move(socket), context, plan);
  if (!transport->handshake(Deadline(plan.bound), stop, context.role())) return nullptr;
  return transport;
}

}  // namespace simhadr
