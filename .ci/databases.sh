# Sourced by .ci/run (and usable by hand: `source .ci/databases.sh && start_databases`):
# PostgreSQL and Redis for the store tests, on 127.0.0.1 at free ports, with their data in a scratch
# folder, no system service needed. start_databases exports DATABASE_URL and REDIS_URL;
# stop_databases stops both and removes the folder.

databases_dir=''

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Debian keeps the server binaries out of PATH, in /usr/lib/postgresql/<major>/bin.
postgres_bin() {
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$newest" ]; then echo "$newest"; return; fi
  local initdb_path
  initdb_path=$(command -v initdb) || { echo "databases: no PostgreSQL server binaries (apt-get install postgresql)" >&2; return 1; }
  dirname "$initdb_path"
}

# PostgreSQL refuses to run as root: as root, the server runs as the postgres user Debian's package
# made, from / (the clone may be in a folder that user cannot enter).
as_postgres() {
  if [ "$(id -u)" = "0" ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

start_databases() {
  local bin pg_port redis_port
  bin=$(postgres_bin) || return 1
  command -v redis-server >/dev/null || { echo "databases: no redis-server (apt-get install redis-server)" >&2; return 1; }
  databases_dir=$(mktemp -d "${TMPDIR:-/tmp}/pagesmith-databases.XXXXXX")
  chmod 755 "$databases_dir"
  mkdir "$databases_dir/pg"
  if [ "$(id -u)" = "0" ]; then chown postgres "$databases_dir/pg"; fi

  pg_port=$(free_port)
  as_postgres "$bin/initdb" -D "$databases_dir/pg/data" -U postgres -A trust --no-sync >/dev/null
  # A scratch server: durability off (fsync, synchronous commit), room for every test file's pools.
  as_postgres "$bin/pg_ctl" -D "$databases_dir/pg/data" -l "$databases_dir/pg/log" -w -t 60 \
    -o "-p $pg_port -k $databases_dir/pg -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null

  redis_port=$(free_port)
  redis-server --port "$redis_port" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
    --dir "$databases_dir" --logfile "$databases_dir/redis.log" --pidfile "$databases_dir/redis.pid"
  local tries=0
  until redis-cli -p "$redis_port" ping >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -gt 100 ]; then echo "databases: Redis did not answer on 127.0.0.1:$redis_port" >&2; cat "$databases_dir/redis.log" >&2; return 1; fi
    sleep 0.1
  done

  export DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
  export REDIS_URL="redis://127.0.0.1:$redis_port"
  echo "databases: PostgreSQL $("$bin/postgres" --version | sed -E "s/^[^0-9]*([0-9.]+).*/\1/") at $DATABASE_URL, Redis $(redis-server --version | sed -E 's/.*v=([^ ]+).*/\1/') at $REDIS_URL"
}

stop_databases() {
  [ -n "$databases_dir" ] || return 0
  if [ -f "$databases_dir/redis.pid" ]; then kill "$(cat "$databases_dir/redis.pid")" 2>/dev/null || true; fi
  if [ -d "$databases_dir/pg/data" ]; then
    as_postgres "$(postgres_bin)/pg_ctl" -D "$databases_dir/pg/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$databases_dir"
  databases_dir=''
}
