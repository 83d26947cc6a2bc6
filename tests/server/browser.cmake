# The browser tests (web/tests/run.mjs, docs/server.md "The browser client"):
# the real `tabletop serve` on a free port with a fresh SQLite file, and the
# system Chromium (/usr/bin/chromium, never a downloaded one) driven by
# playwright-core from web/'s lockfile, playing whole games through the page.
# Screenshots go to browser-artifacts/ in the build folder. Dev build only
# (not under the sanitizers); skipped where node or Chromium is missing.
if(TABLETOP_SANITIZE)
  return()
endif()
find_program(TABLETOP_NODE node)
if(NOT TABLETOP_NODE OR NOT EXISTS /usr/bin/chromium)
  message(STATUS "browser tests skipped: node or /usr/bin/chromium not found")
  return()
endif()

set(_web ${CMAKE_SOURCE_DIR}/web)
# The client built first (a no-op when web/dist is up to date: `make web`).
add_test(NAME browser_build_web COMMAND ${CMAKE_SOURCE_DIR}/scripts/build-web.sh)
set_tests_properties(browser_build_web PROPERTIES FIXTURES_SETUP browser_web TIMEOUT 300 LABELS browser)

# (a, c, d) two players and a spectator, a reload; (b) DDM by clicking the board,
# with the server killed and restarted; a 4-seat Last Chronicle game played by
# clicking its board; the table's parts; Magic's Two-Headed Giant and
# Free-for-All played to the end on its board (every game has a board of its
# own now: the generic board is only the fallback, no game is played on it);
# magic_division: an attacker blocked by two creatures and a trampler blocked
# by one, their damage divided on the board step by step and checked on the
# page and in the record;
# hidden_pages: two people and a spectator at 4-seat Last Chronicle and Magic
# tables, no page showing a card hidden from its viewer; every page on a phone
# without sideways scrolling; a seat claimed on another device; moved: pages
# following `moved` replies between two nodes faked in front of the server
# (web/tests/fake_cluster.mjs), a takeover and a lost table; deckbuilder: a
# legal deck of each game built by clicks, illegal ones refused with the rule
# named, saved, exported and imported, and a 4-seat Last Chronicle table
# played with the saved deck.
foreach(game suikoden ddm lastchronicle table magic_2hg magic_ffa magic_division hidden_pages phone claim moved deckbuilder)
  add_test(NAME browser_${game}
           COMMAND ${TABLETOP_NODE} ${_web}/tests/run.mjs --server $<TARGET_FILE:tabletop>
                   --web ${_web}/dist --artifacts ${CMAKE_BINARY_DIR}/browser-artifacts --only ${game})
  # One Chromium at a time: they are timed, and two would share 2 cores.
  # A whole game by clicks takes 30-110 s on 2 busy cores: 240 s leaves room.
  set_tests_properties(browser_${game} PROPERTIES FIXTURES_REQUIRED browser_web TIMEOUT 240
                       RESOURCE_LOCK browser LABELS browser)
endforeach()

# On a real cluster (scripts/cluster.py: two `tabletop serve --cluster` nodes on
# a throwaway PostgreSQL, HAProxy in front, lease 2 s): a join and a watch from
# pages the proxy balanced to the other node follow the table's node (a moved
# reply), and after the table's node is SIGKILLed the pages resume on the other
# (web/tests/cluster_moved.mjs). About 10 s; skipped (77) without haproxy or
# PostgreSQL.
add_test(NAME browser_cluster_moved
         COMMAND ${TABLETOP_NODE} ${_web}/tests/run.mjs --server $<TARGET_FILE:tabletop> --cluster 2
                 --web ${_web}/dist --artifacts ${CMAKE_BINARY_DIR}/browser-artifacts --only cluster_moved)
set_tests_properties(browser_cluster_moved PROPERTIES FIXTURES_REQUIRED browser_web TIMEOUT 180
                     RESOURCE_LOCK browser SKIP_RETURN_CODE 77 LABELS "browser;cluster")
