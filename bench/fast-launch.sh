#!/usr/bin/env bash
# Builds the fast launch of the demo agent and checks it. The demo's default build writes it
# (mvn -B -q -DskipTests package -pl demo-app -am, README's first set-up command): Spring AOT in the jar, then, after
# repackage, the starter's jar mode (java -Djarmode=acp-fast-launch -jar acp-demo.jar --name acp-demo
# --train-prompt hello), which extracts it, trains a class-data archive on a real initialize + session/new +
# session/prompt exchange (JDK 25+: AOT cache, -XX:AOTCacheOutput; JDK 17-24: AppCDS, -XX:ArchiveClassesAtExit) and
# writes a launcher script: a thin launcher with its own class-data archive that relays the editor's standard input
# and output to a warm agent JVM, started with the fast launch's flags on first use and kept until it has had no
# connection for acp.local.idle-timeout (10 min). ACP_WARM=off runs the agent in the launcher script's process
# instead; `acp-demo --status` and `acp-demo --stop` manage the warm agent. -Dfast-launch.skip=true builds the plain
# jar only.
#
# Usage: [JAVA_HOME=/path/to/jdk] bench/fast-launch.sh [--skip-build] [--out DIR]
#   builds the demo with the JDK on PATH (or JAVA_HOME), its fast launch written to DIR (default:
#   demo-app/target/fast-launch; another DIR keeps the default one, for instance a second JDK's launch beside it),
#   then checks that the launcher's standard output carries JSON-RPC lines only. --skip-build runs only the jar mode
#   on the demo jar already built (it must have Spring AOT code: the default build puts it there). The launcher
#   serves stdio only (Spring AOT fixes the configuration at build time) and runs with the JDK that built it; rebuild
#   after a JDK update.
set -euo pipefail
cd "$(dirname "$0")/.."
out=demo-app/target/fast-launch
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --skip-build) build=0 ;;
    --out) out="$2"; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
java=$(command -v "$java")
java=$(readlink -f "$java")
version=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
echo "JDK: $java (Java $version)" >&2

mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
if [ "$build" = 1 ]; then
  # the demo's default build ends with the jar mode (demo-app/pom.xml, execution fast-launch), its log in $out.log
  mvn -B -q -DskipTests package -pl demo-app -am -Dfast-launch.destination="$out" >&2
else
  jar=demo-app/target/acp-demo.jar
  if ! unzip -l "$jar" | grep '__ApplicationContextInitializer' >/dev/null; then
    echo "$jar has no Spring AOT code: it was built with -Dfast-launch.skip=true (drop --skip-build)" >&2
    exit 1
  fi
  rm -rf "$out"
  # The starter's jar mode (docs/startup.md, "The fast launch for your own agent"): extracts the jar, trains the
  # agent's archive on initialize, session/new, a session/prompt and end of input, trains the launcher's archive on
  # a relay to a warm agent, and writes $out/acp-demo.
  "$java" -Djarmode=acp-fast-launch -jar "$jar" --destination "$out" --name acp-demo --train-prompt hello >/dev/null
fi
if [ "$version" -ge 25 ]; then
  require=-XX:AOTMode=on
else
  require=-Xshare:on
fi
exchange='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1}}
{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/tmp","mcpServers":[]}}'

# The stdio contract: every line on standard output is a JSON-RPC message, through the launcher and the warm agent
# it starts. Run from another directory with both archives required ($require: the JVM exits rather than start
# without it), as an editor would spawn it; then stop the warm agent this started.
(cd / && printf '%s\n' "$exchange" \
  | JAVA_TOOL_OPTIONS="$require" "$out/acp-demo" 2>"$out/check.log") | node -e '
    let text = ""; process.stdin.on("data", (c) => text += c).on("end", () => {
      const lines = text.split("\n").filter((l) => l.length > 0);
      for (const line of lines) {
        let m;
        try { m = JSON.parse(line); } catch { m = undefined; }
        if (!m || m.jsonrpc !== "2.0") throw new Error(`not JSON-RPC on standard output: ${line}`);
      }
      if (lines.length < 2) throw new Error("no session/new answer on standard output (see check.log)");
      console.error(`stdout check: ${lines.length} line(s), all JSON-RPC, through a warm agent, archives in use`);
    });'
# from the same directory, with the same environment: both name the warm agent (its digest), so a --stop from
# elsewhere would find none and leave this one running until its idle timeout
(cd / && JAVA_TOOL_OPTIONS="$require" "$out/acp-demo" --stop >/dev/null 2>&1)
echo "$out/acp-demo"
