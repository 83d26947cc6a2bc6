#!/usr/bin/env bash
# A throwaway PostgreSQL 15 server for tests, with everything in one folder.
#
#   pg-temp.sh start DIR [--watch PID]   start it; prints its URL on stdout:
#                                        postgresql://postgres@127.0.0.1:PORT/tabletop
#   pg-temp.sh stop DIR                  stop it and remove DIR
#   pg-temp.sh url DIR                   the URL of a running one
#
# DIR holds the data (DIR/data), the log (DIR/log), the unix socket and the
# URL (DIR/url). The server listens on 127.0.0.1 on a free port, trusts every
# local connection, and has a database `tabletop` owned by the superuser
# `postgres`. Run as root, initdb and postgres run as the `postgres` user
# (initdb refuses root) and DIR is made theirs; otherwise as the current user.
#
# --watch PID: a detached watcher stops the server and removes DIR once
# process PID has ended, so a test that crashes or is killed leaves nothing
# running. Every step is bounded in time. Starting a DIR whose server runs
# prints its URL again; stopping a DIR that is gone does nothing.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
MARK=.pg-temp   # marks a DIR this script made: only such a DIR is ever removed
self=$(readlink -f "${BASH_SOURCE[0]}")

die() { echo "pg-temp: $*" >&2; exit 1; }

usage() { die "usage: pg-temp.sh start DIR [--watch PID] | stop DIR | url DIR"; }

# Runs a command as the server's owner.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# The postmaster's pid from DIR/data/postmaster.pid, if it is alive.
live_pid() {
  local pidfile=$1/data/postmaster.pid pid
  [ -f "$pidfile" ] || return 1
  pid=$(head -n 1 "$pidfile" 2>/dev/null) || return 1
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  echo "$pid"
}

# A port nobody listens on (the kernel's pick, released again at once).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' \
    2>/dev/null && return
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  die "no free port found"
}

start() {
  local dir=$1 watch=$2
  [ -x "$PG_BIN/initdb" ] || die "PostgreSQL binaries not found in $PG_BIN (scripts/install-deps.sh installs the postgresql package)"
  if [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ] && [ ! -e "$dir/$MARK" ]; then
    die "$dir is not empty and was not made by pg-temp.sh"
  fi
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if live_pid "$dir" >/dev/null && [ -f "$dir/url" ]; then
    cat "$dir/url"
    return
  fi
  touch "$dir/$MARK"
  [ ${#dir} -le 80 ] || die "$dir is too long a path for a unix socket (80 characters at most)"
  if [ "$(id -u)" -eq 0 ]; then
    getent passwd postgres >/dev/null || die "no user postgres to run the server as (initdb refuses root)"
    chown postgres: "$dir"
    as_owner test -w "$dir" || die "the postgres user cannot reach $dir (is a parent folder private?)"
  fi
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    rm -rf "$dir/data"
    as_owner timeout 60 "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C \
      --no-sync >"$dir/initdb.log" 2>&1 || die "initdb failed: $(tail -n 5 "$dir/initdb.log")"
  fi
  local port attempt
  for attempt in 1 2 3; do
    port=$(free_port)
    if as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 30 -s \
        -o "-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c max_connections=200" start \
        >/dev/null 2>&1; then
      break
    fi
    live_pid "$dir" >/dev/null && break
    [ "$attempt" -lt 3 ] || die "the server did not start: $(tail -n 5 "$dir/log" 2>/dev/null)"
  done
  if ! as_owner timeout 30 "$PG_BIN/psql" -h "$dir" -p "$port" -U postgres -d postgres -qAt \
      -c "SELECT 1 FROM pg_database WHERE datname = 'tabletop'" | grep -q 1; then
    as_owner timeout 30 "$PG_BIN/createdb" -h "$dir" -p "$port" -U postgres tabletop \
      || die "createdb tabletop failed"
  fi
  echo "postgresql://postgres@127.0.0.1:$port/tabletop" >"$dir/url"
  if [ -n "$watch" ]; then
    # Detached, with no stdio of ours held open (a caller reading our stdout gets EOF).
    setsid "$self" watch "$dir" "$watch" </dev/null >/dev/null 2>&1 &
  fi
  cat "$dir/url"
}

stop() {
  local dir=$1 pid
  [ -d "$dir" ] || return 0
  [ -e "$dir/$MARK" ] || die "$dir was not made by pg-temp.sh; not touching it"
  if pid=$(live_pid "$dir"); then
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w -t 30 -s stop >/dev/null 2>&1 || true
    if kill -0 "$pid" 2>/dev/null; then
      kill -KILL "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
  fi
  rm -rf "$dir"
}

# Whether process PID runs (a zombie, dead but not yet reaped, does not).
running() {
  local stat
  kill -0 "$1" 2>/dev/null || return 1
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat:0:1}" != Z ]
}

# Waits for process PID to end, then stops the server of DIR.
watch() {
  local dir=$1 pid=$2
  while running "$pid" && [ -d "$dir" ]; do sleep 1; done
  stop "$dir"
}

[ $# -ge 2 ] || usage
command=$1 dir=$2
shift 2
case "$command" in
  start)
    watch_pid=""
    if [ $# -gt 0 ]; then
      [ $# -eq 2 ] && [ "$1" = "--watch" ] && [[ "$2" =~ ^[0-9]+$ ]] || usage
      watch_pid=$2
    fi
    start "$dir" "$watch_pid"
    ;;
  stop) [ $# -eq 0 ] || usage; stop "$dir" ;;
  url) [ -f "$dir/url" ] && live_pid "$dir" >/dev/null || die "no server running in $dir"; cat "$dir/url" ;;
  watch) [ $# -eq 1 ] || usage; watch "$dir" "$1" ;;
  *) usage ;;
esac
