#!/usr/bin/env bash
# Our demo agent beside reference agents built on the official ACP Java SDK (0.14.0) and TypeScript SDK (2.4.0),
# all serving initialize and _demo.acp/echo, measured in one sitting with the trio interleaved.
# Usage: [JAVA_OPTS="..."] bench/compare.sh [repeats]   (builds the demo jar and both reference agents first;
# JAVA_OPTS, if set, is given to both Java agents)
set -euo pipefail
cd "$(dirname "$0")/.."
repeats="${1:-3}"

mvn -B -q -DskipTests package -pl demo-app -am
mvn -B -q -f bench/reference/java-sdk-agent/pom.xml package
(cd bench/reference/ts-agent && npm ci --no-audit --no-fund --silent)

agents=(
  "ours (JDK 17)|java ${JAVA_OPTS:-} -jar demo-app/target/acp-demo.jar"
  "Java SDK 0.14.0 (JDK 17)|java ${JAVA_OPTS:-} -jar bench/reference/java-sdk-agent/target/java-sdk-agent.jar"
  "TypeScript SDK 2.4.0 (Node)|node bench/reference/ts-agent/agent.mjs"
)

for ((r = 1; r <= repeats; r++)); do
  for entry in "${agents[@]}"; do
    name="${entry%%|*}"
    read -r -a command <<<"${entry#*|}"
    echo "== repeat $r: $name"
    node bench/throughput.mjs 300000 64 -- "${command[@]}" | tail -2
    node bench/throughput.mjs 100000 1 -- "${command[@]}" | tail -2
    node bench/startup.mjs 5 -- "${command[@]}" | tail -2
  done
done
