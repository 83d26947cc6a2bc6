# The whole server from outside, as clients see it (docs/server.md): the kill
# test against SQLite and a real PostgreSQL, and a small bounded load run.
# Each starts `tabletop serve` on a free port and stops it by its pid.
if(NOT TARGET tabletop-loadgen)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter REQUIRED)
find_package(simdjson REQUIRED)  # loadgen_tests: the frame reader
find_package(Boost 1.81 REQUIRED)  # loadgen_tests: its reactor (transport.cmake finds it too)

foreach(store sqlite postgresql)
  add_test(NAME server_kill_${store}
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kill_test.py
                   --tabletop $<TARGET_FILE:tabletop> --loadgen $<TARGET_FILE:tabletop-loadgen>
                   --store ${store} --pg-temp ${CMAKE_SOURCE_DIR}/scripts/pg-temp.sh)
  # Well under a minute each; RUN_SERIAL so the timings do not fight other tests.
  set_tests_properties(server_kill_${store} PROPERTIES TIMEOUT 150 RUN_SERIAL TRUE SKIP_RETURN_CODE 77
                                                       LABELS "server;system")
endforeach()

add_test(NAME server_load_small
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/load_test.sh $<TARGET_FILE:tabletop> $<TARGET_FILE:tabletop-loadgen>
                 --processes 2)
set_tests_properties(server_load_small PROPERTIES TIMEOUT 90 RUN_SERIAL TRUE LABELS "server;system")

# loadgen against a fake cluster (Python, no server): it follows `moved`
# replies to the named node, waits when that node is down, resumes after a
# table is taken away and gives up a connection whose reply does not come.
add_test(NAME loadgen_cluster_moves
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/loadgen_cluster_test.py
                 --loadgen $<TARGET_FILE:tabletop-loadgen>)
set_tests_properties(loadgen_cluster_moves PROPERTIES TIMEOUT 60 RUN_SERIAL TRUE LABELS "server;system")

# loadgen against a broken server (the same fake, no real server): an act
# refused as illegal, one acknowledged with the wrong seq, one lost from the
# record, an error frame, a malformed patch and a patch from an unknown
# version must each be counted, and loadgen must exit 1 (about 5 s).
add_test(NAME loadgen_broken_server
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/loadgen_broken_server_test.py
                 --loadgen $<TARGET_FILE:tabletop-loadgen>)
set_tests_properties(loadgen_broken_server PROPERTIES TIMEOUT 60 RUN_SERIAL TRUE LABELS "server;system")

# Its reading of a `moved` reply and the wait before asking the node again.
# Its reading of server frames: the fields it acts on, and the frames it must
# count as a broken server's.
# Its loop: timers due within one tick fire together.
add_executable(loadgen_tests loadgen_moved_test.cpp loadgen_stats_test.cpp loadgen_frame_test.cpp
  loadgen_reactor_test.cpp
  ${CMAKE_SOURCE_DIR}/tools/loadgen/moved.cpp ${CMAKE_SOURCE_DIR}/tools/loadgen/stats.cpp
  ${CMAKE_SOURCE_DIR}/tools/loadgen/stats_merge.cpp ${CMAKE_SOURCE_DIR}/tools/loadgen/frame.cpp
  ${CMAKE_SOURCE_DIR}/tools/loadgen/reactor.cpp)
target_include_directories(loadgen_tests PRIVATE ${CMAKE_SOURCE_DIR}/tools/loadgen)
target_link_libraries(loadgen_tests PRIVATE nlohmann_json::nlohmann_json simdjson::simdjson Boost::headers
                                            GTest::gtest_main)
tt_gtest(loadgen_tests)
