# The cluster's proxy (deploy/haproxy/tabletop.cfg) on a local cluster started by
# scripts/cluster.py: one throwaway PostgreSQL, three `tabletop serve` nodes and
# HAProxy, on loopback; /ws?node=NAME reaches NAME, balancing without one, a
# SIGKILLed or DOWN node's clients land on a live node. About 5 s. Skipped (77)
# without haproxy or PostgreSQL; dev build only (the routing is the proxy's, not
# the server's code under the sanitizers).
if(TABLETOP_SANITIZE)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter REQUIRED)
add_test(NAME server_cluster_proxy
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cluster_test.py --tabletop $<TARGET_FILE:tabletop>)
set_tests_properties(server_cluster_proxy PROPERTIES TIMEOUT 90 RUN_SERIAL TRUE SKIP_RETURN_CODE 77
                                                     LABELS "server;system;cluster")

# The failover test: three nodes, the proxy and PostgreSQL; tabletop-loadgen
# plays through the proxy while one node is SIGKILLed twice, then a node
# stopped with SIGSTOP past its lease is refused when it wakes; the store's
# rows prove one writer per claim. About 40 s.
if(TARGET tabletop-loadgen)
  add_test(NAME server_cluster_failover
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cluster_failover_test.py
                   --tabletop $<TARGET_FILE:tabletop> --loadgen $<TARGET_FILE:tabletop-loadgen>)
  set_tests_properties(server_cluster_failover PROPERTIES TIMEOUT 180 RUN_SERIAL TRUE
                                                          SKIP_RETURN_CODE 77
                                                          LABELS "server;system;cluster")
endif()
