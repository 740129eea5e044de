// The socket transport's waiting receive: one call that blocks in the kernel for
// at most its wait, then hands over what has arrived, on a descriptor that the
// connection set up as non-blocking (the default, as the original's fcntl).
#include "net/socket_transport.hpp"

#include <gtest/gtest.h>

#include <array>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <string>

namespace simhadr {
namespace {

using boost::asio::ip::tcp;
using namespace std::chrono_literals;

struct SocketPair {
  SocketPair() : acceptor(io, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)) {
    ours.connect(acceptor.local_endpoint());
    acceptor.accept(theirs);
    ours.non_blocking(true);
  }
  boost::asio::io_context io;
  tcp::acceptor acceptor;
  tcp::socket ours{io};
  tcp::socket theirs{io};
};

TEST(SocketTransportWaitingReceive, HandsOverWhatHasArrivedIntoBothParts) {
  SocketPair pair;
  boost::asio::write(pair.theirs, boost::asio::buffer(std::string("abcdefgh")));
  const auto transport = make_socket_transport(std::move(pair.ours), false);
  std::array<char, 5> first{};
  std::array<char, 5> second{};
  IoStep step{};
  for (std::size_t got = 0; got < 8; got += step.bytes) {
    step = transport->recv_waiting(std::span(first).subspan(std::min<std::size_t>(got, 5)),
                                   std::span(second).subspan(got > 5 ? got - 5 : 0), 1s);
    ASSERT_GT(step.bytes, 0U);
  }
  EXPECT_EQ(std::string(first.data(), 5) + std::string(second.data(), 3), "abcdefgh");
}

TEST(SocketTransportWaitingReceive, WaitsInTheKernelOnANonBlockingSocketThenSaysItRanOut) {
  SocketPair pair;
  const auto transport = make_socket_transport(std::move(pair.ours), false);
  std::array<char, 16> into{};
  const auto before = std::chrono::steady_clock::now();
  const IoStep step = transport->recv_waiting(into, {}, 50ms);
  const auto took = std::chrono::steady_clock::now() - before;
  EXPECT_EQ(step.bytes, 0U);
  EXPECT_TRUE(step.would_block);
  EXPECT_EQ(step.waited, Nanos{50ms});
  // A kernel timeout never ends early by more than its tick; a non-blocking call returns at once.
  EXPECT_GE(took, 25ms);
}

TEST(SocketTransportWaitingReceive, AClosedPeerIsNoBytesAndNoWouldBlock) {
  SocketPair pair;
  pair.theirs.close();
  const auto transport = make_socket_transport(std::move(pair.ours), false);
  std::array<char, 16> into{};
  const IoStep step = transport->recv_waiting(into, {}, 1s);
  EXPECT_EQ(step.bytes, 0U);
  EXPECT_FALSE(step.would_block);
}

TEST(SocketTransportWaitingReceive, ReceivesThatMustNotWaitStillReturnAtOnce) {
  SocketPair pair;
  const auto transport = make_socket_transport(std::move(pair.ours), false);
  std::array<char, 16> into{};
  const IoStep step = transport->recv_some(into);
  EXPECT_EQ(step.bytes, 0U);
  EXPECT_TRUE(step.would_block);
}

}  // namespace
}  // namespace simhadr
