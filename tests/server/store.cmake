# The store over both back ends (SQLite, and a PostgreSQL server the program
# starts with scripts/pg-temp.sh). One ctest test for the whole program, so
# the PostgreSQL server is started once.
find_package(PkgConfig REQUIRED)
pkg_check_modules(STORE_TEST_DEPS REQUIRED IMPORTED_TARGET sqlite3 libpqxx libpq)
add_executable(store_tests ${CMAKE_CURRENT_LIST_DIR}/store_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/store_sqlite_faults_test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/store_lease_test.cpp)
target_compile_definitions(store_tests PRIVATE
  PG_TEMP_SCRIPT="${CMAKE_SOURCE_DIR}/scripts/pg-temp.sh")
target_link_libraries(store_tests PRIVATE tt_store PkgConfig::STORE_TEST_DEPS GTest::gtest_main)
add_test(NAME store_tests COMMAND store_tests)
set_tests_properties(store_tests PROPERTIES TIMEOUT 120 LABELS server)
