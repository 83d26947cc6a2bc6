# The network transport against a fake hub (no game logic): HTTP, static files,
# WebSocket echo and every limit. Each test starts its own server on
# 127.0.0.1, port 0, and stops it.
add_executable(transport_tests transport_test.cpp transport_limits_test.cpp transport_parts_test.cpp)
find_package(Boost 1.81 REQUIRED)
target_include_directories(transport_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(transport_tests PRIVATE tt_transport Boost::headers GTest::gtest_main)
gtest_discover_tests(transport_tests DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 60 LABELS server)
