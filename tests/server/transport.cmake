# The network transport against a fake hub (no game logic): HTTP, static files,
# WebSocket echo and every limit. Each test starts its own server on
# 127.0.0.1, port 0, and stops it. transport_serve_test.cpp runs the real
# `tabletop serve` as a child process (started and stopped by its pid).
find_package(Boost 1.81 REQUIRED)
add_executable(transport_tests
  transport_test.cpp transport_limits_test.cpp transport_parts_test.cpp transport_serve_test.cpp
  transport_origin_test.cpp transport_hub_answer_test.cpp)
target_include_directories(transport_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_definitions(transport_tests PRIVATE TABLETOP_BIN="$<TARGET_FILE:tabletop>")
target_link_libraries(transport_tests PRIVATE tt_transport Boost::headers GTest::gtest_main)
add_dependencies(transport_tests tabletop)
tt_gtest(transport_tests TIMEOUT 60 LABELS server)
