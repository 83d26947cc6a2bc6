# The lobby and tables driven without a network (hub_support.h).
add_executable(hub_tests abuse_test.cpp hub_test.cpp lobby_test.cpp redaction_test.cpp seed_test.cpp patch_test.cpp update_text_test.cpp prepared_setups_test.cpp view_writer_test.cpp table_token_test.cpp
  clock_test.cpp bad_input_test.cpp act_test.cpp store_fault_test.cpp journal_test.cpp)
target_include_directories(hub_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/..)
target_link_libraries(hub_tests PRIVATE tt_server tt_games GTest::gtest_main)
tt_gtest(hub_tests TIMEOUT 120 SHARDS 2)
