# How a GoogleTest program becomes ctest tests.
#
# TABLETOP_TEST_SHARDS=0 (the dev build): one ctest test per TEST, found by
# gtest_discover_tests, so `ctest -R Name` runs one rule's test.
# TABLETOP_TEST_SHARDS=N (the sanitizer build): N ctest tests per program,
# each one of gtest's shards (GTEST_TOTAL_SHARDS/GTEST_SHARD_INDEX). Starting
# an ASan program costs 0.15-0.5 s, and ~1,100 starts cost CI minutes; shards
# keep both cores busy with a handful of starts. Failures still name the
# TEST: ctest prints a failing shard's output.
#
# tt_gtest(<target> [TIMEOUT <s per TEST>] [SHARDS <multiplier>] [LABELS ...])
# SHARDS multiplies N for the programs that run longest.
set(TABLETOP_TEST_SHARDS 0 CACHE STRING "0: a ctest test per TEST; N: N shards per test program")

function(tt_gtest target)
  cmake_parse_arguments(arg "" "TIMEOUT;SHARDS" "LABELS" ${ARGN})
  set(labels)
  if(arg_LABELS)
    set(labels LABELS "${arg_LABELS}")
  endif()
  if(TABLETOP_TEST_SHARDS GREATER 0)
    set(shards ${TABLETOP_TEST_SHARDS})
    if(arg_SHARDS)
      math(EXPR shards "${shards} * ${arg_SHARDS}")
    endif()
    math(EXPR last "${shards} - 1")
    foreach(index RANGE 0 ${last})
      add_test(NAME ${target}/${index}of${shards} COMMAND ${target})
      set_tests_properties(${target}/${index}of${shards} PROPERTIES
        ENVIRONMENT "GTEST_TOTAL_SHARDS=${shards};GTEST_SHARD_INDEX=${index}"
        TIMEOUT 1500 ${labels})
    endforeach()
  else()
    set(timeout)
    if(arg_TIMEOUT)
      set(timeout TIMEOUT ${arg_TIMEOUT})
    endif()
    if(timeout OR labels)
      gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 PROPERTIES ${timeout} ${labels})
    else()
      gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60)
    endif()
  endif()
endfunction()
