// tabletop-loadgen's reading of server frames (tools/loadgen/frame.h): the
// fields a player acts on, and the frames it must count as a broken server's
// (the whole behaviour against a broken fake server is
// tests/server/loadgen_broken_server_test.py).
#include <gtest/gtest.h>

#include "frame.h"

namespace tt::loadgen {
namespace {

// Reads `text` as WsClient hands it over: followed by padding.
bool read(FrameReader& reader, const std::string& text, int seat, Frame& frame) {
  std::string padded = text + std::string(FrameReader::kPadding, ' ');
  return reader.read(std::string_view(padded.data(), text.size()), seat, frame);
}

TEST(LoadgenFrame, AnUpdateGivesTheSeatsOptionsTheSeqAndTheEnd) {
  FrameReader reader;
  Frame frame;
  // Keys in the server's (sorted) order: options come before the seat they are for.
  const std::string update =
      R"({"as":1,"clock":{"mode":"none"},"log":[{"index":4,"text":"x"}],)"
      R"("pending":[{"seat":0},{"options":[{"id":"play:3","label":"Play"},{"id":"pa\"ss","label":"P"}],"prompt":"?","seat":1}],)"
      R"("seq":18,"table":"k3v9","terminal":false,"type":"update","version":7,"view":{"hand":[1,2]}})";
  ASSERT_TRUE(read(reader, update, 1, frame)) << frame.malformed;
  EXPECT_EQ(frame.type, Frame::Type::update);
  EXPECT_EQ(frame.seq, 18);
  EXPECT_EQ(frame.table, "k3v9");
  EXPECT_EQ(frame.version, 7);
  EXPECT_TRUE(frame.has_view);
  EXPECT_FALSE(frame.terminal);
  EXPECT_EQ(frame.options, (std::vector<std::string>{"play:3", "pa\"ss"}));
  // The other seat is offered nothing in the same frame.
  ASSERT_TRUE(read(reader, update, 0, frame));
  EXPECT_TRUE(frame.options.empty());
}

TEST(LoadgenFrame, AReplyGivesItsIdVerdictAndSeq) {
  FrameReader reader;
  Frame frame;
  ASSERT_TRUE(read(reader, R"({"id":42,"ok":true,"seq":19,"type":"reply"})", 0, frame));
  EXPECT_EQ(frame.type, Frame::Type::reply);
  EXPECT_TRUE(frame.has_id);
  EXPECT_EQ(frame.id, 42);
  EXPECT_TRUE(frame.ok);
  EXPECT_EQ(frame.seq, 19);
  ASSERT_TRUE(
      read(reader, R"({"error":"stale: moved on","id":"x","ok":false,"type":"reply"})", 0, frame));
  EXPECT_FALSE(frame.has_id);  // not one of loadgen's ids
  EXPECT_FALSE(frame.ok);
  EXPECT_EQ(frame.error, "stale: moved on");
  EXPECT_EQ(frame.seq, -1);  // nothing kept from the frame before
  ASSERT_TRUE(read(
      reader, R"({"error":"e","id":3,"moved":{"node":"p2"},"ok":false,"type":"reply"})", 0, frame));
  EXPECT_TRUE(frame.moved);
}

TEST(LoadgenFrame, AnUpdateCarryingAnAckGivesTheRepliesIdAndSeq) {
  // acks_in_updates (docs/server.md "act"): the acknowledgement rides the update.
  FrameReader reader;
  Frame frame;
  const std::string update =
      R"({"ack":{"id":42,"seq":19},"as":0,"base":6,"patch":[],"pending":[],"seq":19,)"
      R"("table":"k3v9","terminal":false,"type":"update","version":7})";
  ASSERT_TRUE(read(reader, update, 0, frame)) << frame.malformed;
  EXPECT_EQ(frame.type, Frame::Type::update);
  EXPECT_TRUE(frame.has_ack);
  EXPECT_TRUE(frame.ack_has_id);
  EXPECT_EQ(frame.ack_id, 42);
  EXPECT_EQ(frame.ack_seq, 19);
  EXPECT_EQ(frame.seq, 19);
  // The next frame keeps nothing of it; an ack without a seq is a broken server's.
  ASSERT_TRUE(read(reader, R"({"id":1,"ok":true,"seq":20,"type":"reply"})", 0, frame));
  EXPECT_FALSE(frame.has_ack);
  EXPECT_FALSE(read(reader, R"({"ack":{"id":3},"type":"update","view":{}})", 0, frame));
  EXPECT_FALSE(read(reader, R"({"ack":[1],"type":"update","view":{}})", 0, frame));
}

TEST(LoadgenFrame, PatchesAsTheServerWritesThemPass) {
  FrameReader reader;
  Frame frame;
  const std::string update =
      R"({"base":6,"patch":[{"op":"replace","path":"/players/1/hand_size","value":4},)"
      R"({"op":"remove","path":"/log/0"},{"op":"add","path":"/a~1b","value":{"x":[1]}}],)"
      R"("pending":[],"seq":19,"table":"t","terminal":true,"type":"update","version":7})";
  ASSERT_TRUE(read(reader, update, 0, frame)) << frame.malformed;
  EXPECT_TRUE(frame.has_patch);
  EXPECT_EQ(frame.base, 6);
  EXPECT_TRUE(frame.terminal);
}

TEST(LoadgenFrame, ABrokenServersFramesAreMalformed) {
  FrameReader reader;
  Frame frame;
  const std::vector<std::pair<std::string, std::string>> broken = {
      {"not json", "not a JSON object"},
      {"[1,2]", "not a JSON object"},
      {R"({"type":"update","table":"t","seq":1,"pending":[],"view":{},"patch":[],"base":1})",
       "both a view and a patch"},
      {R"({"type":"update","table":"t","seq":1,"pending":[]})", "neither a view nor a patch"},
      {R"({"type":"update","patch":{"op":"add"},"base":1})", "a patch that is not an array"},
      {R"({"type":"update","patch":[{"op":"move","from":"/a","path":"/b"}]})",
       "not add/remove/replace"},
      {R"({"type":"update","patch":[{"op":"add","path":"/a"}]})", "without a value"},
      {R"({"type":"update","patch":[{"op":"remove","path":"a"}]})", "JSON Pointer"},
      {R"({"type":"update","patch":[{"op":"remove"}]})", "JSON Pointer"},
      {R"({"type":"update","view":{},"seq":"19"})", "`seq` is not an integer"},
      {R"({"type":"update","view":{},"pending":[{"seat":0,"options":[{"label":"x"}]}]})",
       "`pending` holds a broken entry"},
      {R"({"type":"update","view":[]})", "`view` is not an object"},
      {R"({"type":"reply","id":1,"ok":"yes"})", "`ok` is not a boolean"},
      {R"({"type":"reply","id":1,"ok":false,"error":"x")", "not a JSON object"},
  };
  for (const auto& [text, why] : broken) {
    EXPECT_FALSE(read(reader, text, 0, frame)) << text;
    EXPECT_NE(frame.malformed.find(why), std::string::npos) << text << ": " << frame.malformed;
  }
}

}  // namespace
}  // namespace tt::loadgen
