#!/usr/bin/env bash
# Start-up of the demo agent, fat jar against an extracted jar with a JDK 25 AOT cache.
# Usage: bench/startup-aot.sh [runs]   (JAVA_HOME: a JDK 25 or newer; default: the java on PATH)
# Build the jar first: mvn -B -q -DskipTests package -pl demo-app -am   (add -Paot for Spring AOT as well)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
jar=demo-app/target/acp-demo.jar
work=demo-app/target/aot
# JVM log lines go to standard output by default: keep them on standard error in stdio mode.
xlog=(-Xlog:disable -Xlog:all=warning:stderr)
initialize='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1}}'

rm -rf "$work"
"$java" -Djarmode=tools -jar "$jar" extract --destination "$work" >/dev/null
# Spring AOT, when the jar was built with -Paot (its generated initializer is then inside)
spring_aot=()
if unzip -l "$jar" | grep -q '__ApplicationContextInitializer'; then
  spring_aot=(-Dspring.aot.enabled=true)
fi
# Training run: one initialize exchange, then end of input (the agent exits 0).
echo "$initialize" | "$java" "${xlog[@]}" "${spring_aot[@]}" -XX:AOTCacheOutput="$work/app.aot" \
  -jar "$work/acp-demo.jar" >/dev/null 2>&1

"$java" -version 2>&1 | head -1
node bench/startup.mjs "$runs" -- "$java" "${xlog[@]}" -jar "$jar"
node bench/startup.mjs "$runs" -- "$java" "${xlog[@]}" "${spring_aot[@]}" -XX:AOTCache="$work/app.aot" \
  -jar "$work/acp-demo.jar"
