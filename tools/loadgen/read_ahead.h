// The TCP stream under each WebSocket: it reads ahead, so one `recvmsg` takes
// every frame the socket holds (up to kReadAhead bytes).
//
// Beast's WebSocket stream asks its lower layer for at most 1,536 bytes at a
// time (its frame header buffer) and then exactly the rest of the frame, so a
// whole view took two or three reads, and each read that filled what it asked
// for was followed by Asio's speculative read, which found nothing. Reading
// ahead into this layer's buffer, a frame, the reply to an act and the update
// after it come in one read, and Beast's small reads are copies from memory.
#pragma once
#include <boost/beast/core/buffered_read_stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <cstddef>
#include <utility>

namespace tt::loadgen {

class ReadAheadStream : public boost::beast::buffered_read_stream<boost::beast::tcp_stream,
                                                                  boost::beast::flat_buffer> {
 public:
  // A few of the largest views (a few KB each); only the bytes received are
  // touched, so an idle connection's buffer costs address space, not memory.
  static constexpr std::size_t kReadAhead = 16 * 1024;

  template <class Executor>
  explicit ReadAheadStream(Executor&& executor)
      : buffered_read_stream(std::forward<Executor>(executor)) {
    capacity(kReadAhead);
    // flat_buffer grows only as far as each read asks; reserving makes every
    // read ask for the whole capacity.
    buffer().reserve(kReadAhead);
  }
};

// Closing the WebSocket closes the TCP stream under the read-ahead buffer.
inline void teardown(boost::beast::role_type role, ReadAheadStream& stream,
                     boost::beast::error_code& ec) {
  using boost::beast::teardown;
  teardown(role, stream.next_layer(), ec);
}

template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, ReadAheadStream& stream,
                    TeardownHandler&& handler) {
  using boost::beast::async_teardown;
  async_teardown(role, stream.next_layer(), std::forward<TeardownHandler>(handler));
}

}  // namespace tt::loadgen
