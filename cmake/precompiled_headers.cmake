# Precompiled headers for a clean build (CI's `make test`, a fresh clone).
#
# nlohmann/json reaches most files (core/game.h holds a Setup's decks) and
# GoogleTest every test file. A file compiled against the two precompiled
# takes about 0.65 s less of the 3-4 s a Debug file takes (measured on
# core/match.cpp, core/scenario.cpp and core/rng_test.cpp, medians of 3), and
# some 300 files are built in each of the plain and sanitizer builds. One
# precompiled header a kind of flags serves every target of that kind
# (REUSE_FROM): making one costs about as much as eight files save.
#
# Off by default when a compiler cache is in use (CMAKE_CXX_COMPILER_LAUNCHER,
# e.g. ccache): the cache cannot reuse a file compiled against a precompiled
# header without extra settings, and a warm cache is faster anyway. Off in the
# clang fuzz build, where a header made with other flags is an error, not a
# fallback. TABLETOP_PCH=ON/OFF decides.
if(DEFINED CMAKE_CXX_COMPILER_LAUNCHER OR DEFINED ENV{CMAKE_CXX_COMPILER_LAUNCHER} OR TABLETOP_FUZZ)
  set(tt_pch_default OFF)
else()
  set(tt_pch_default ON)
endif()
option(TABLETOP_PCH "Precompile nlohmann/json and GoogleTest headers (one per kind of flags)" ${tt_pch_default})

# Every target defined in `dir` and below, parents first.
function(tt_targets_below dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    tt_targets_below(${sub} below)
    list(APPEND targets ${below})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# The first target of each kind (position independent or not, its compile
# options, GoogleTest or not, valijson's or simdjson's definitions or not) precompiles the headers; the others of that kind
# reuse them. A target reusing another's depends on it, so the first of a
# kind must never depend on a later one: the traversal goes the way the
# libraries stack (core, games, ai, protocol, server, cli; tests last).
function(tt_precompile_headers)
  if(NOT TABLETOP_PCH)
    return()
  endif()
  tt_targets_below(${CMAKE_SOURCE_DIR} targets)
  set(donors)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(NOT type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY|EXECUTABLE)$")
      continue()
    endif()
    get_target_property(sources ${target} SOURCES)
    list(FILTER sources INCLUDE REGEX "\\.cpp$")
    if(NOT sources)
      continue()
    endif()
    get_target_property(links ${target} LINK_LIBRARIES)
    if(links MATCHES "pybind11|Python")  # Python.h must come before any standard header
      continue()
    endif()
    set(headers <nlohmann/json.hpp> <string> <vector> <map> <memory>)
    set(kind "lib")
    if(links MATCHES "GTest::")
      list(APPEND headers <gtest/gtest.h>)
      set(kind "test")
    endif()
    if(links MATCHES "valijson")  # its definitions (VALIJSON_USE_EXCEPTIONS) are in the header's
      string(APPEND kind "+valijson")
    endif()
    # simdjson's definition (SIMDJSON_THREADS_ENABLED): a header made with it
    # is refused by a file compiled without it (-Winvalid-pch), e.g. tt_store
    # reusing tt_server's under the sanitizers, where both compile at -O0.
    if(links MATCHES "simdjson")
      string(APPEND kind "+simdjson")
    endif()
    get_target_property(pic ${target} POSITION_INDEPENDENT_CODE)
    get_target_property(options ${target} COMPILE_OPTIONS)
    string(MD5 key "${kind}|${pic}|${options}")
    if(DEFINED donor_${key})
      target_precompile_headers(${target} REUSE_FROM ${donor_${key}})
    else()
      set(donor_${key} ${target})
      target_precompile_headers(${target} PRIVATE ${headers})
    endif()
  endforeach()
endfunction()
