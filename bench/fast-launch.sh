#!/usr/bin/env bash
# Builds the fast launch of the demo agent in one command: the jar with Spring AOT, extracted; a class-data archive
# trained on a real initialize + session/new + session/prompt exchange (JDK 25+: AOT cache, -XX:AOTCacheOutput;
# JDK 17-24: AppCDS, -XX:ArchiveClassesAtExit); and a launcher script: a thin launcher with its own class-data archive
# that relays the editor's standard input and output to a warm agent JVM, started with the flags below on first use
# and kept until it has had no connection for acp.local.idle-timeout (10 min). ACP_WARM=off runs the agent in the
# launcher script's process instead; `acp-demo --status` and `acp-demo --stop` manage the warm agent.
#
# Usage: [JAVA_HOME=/path/to/jdk] bench/fast-launch.sh [--skip-build] [--out DIR]
#   writes DIR/acp-demo (default DIR: demo-app/target/fast-launch), then checks that the launcher's standard output
#   carries JSON-RPC lines only. The launcher serves stdio only (Spring AOT fixes the configuration at build time)
#   and runs with the JDK that built it; rerun this script after a rebuild or a JDK update.
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

if [ "$build" = 1 ]; then
  mvn -B -q -DskipTests -Paot package -pl demo-app -am
fi
jar=demo-app/target/acp-demo.jar
if ! unzip -l "$jar" | grep '__ApplicationContextInitializer' >/dev/null; then
  echo "$jar has no Spring AOT code: build it with -Paot (or drop --skip-build)" >&2
  exit 1
fi

rm -rf "$out"
mkdir -p "$out"
# The archive records the class path it was trained with: absolute, so that the launcher finds it from any working
# directory (an editor spawns the agent in the project's directory); a relative one is silently rejected there.
out=$(cd "$out" && pwd)
"$java" -Djarmode=tools -jar "$jar" extract --destination "$out/app" >/dev/null

# Flags for a process an editor spawns per session: a small heap and a serial collector (one thread, no
# concurrent GC threads), the client compiler only (an agent mostly waits on I/O; peak throughput is lower),
# no perf-data file, and JVM logging on standard error only (JVM log lines on standard output would break the
# protocol stream).
flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms32m -Xmx256m -XX:-UsePerfData
  -Xlog:disable -Xlog:all=warning:stderr -Dspring.aot.enabled=true)
if [ "$version" -ge 25 ]; then
  archive=app.aot
  train=(-XX:AOTCacheOutput="$out/$archive")
  use="-XX:AOTCache=\"\$dir/$archive\""
  use_now=(-XX:AOTCache="$out/$archive")
  require=-XX:AOTMode=on
else
  archive=app.jsa
  train=(-XX:ArchiveClassesAtExit="$out/$archive")
  use="-XX:SharedArchiveFile=\"\$dir/$archive\""
  use_now=(-XX:SharedArchiveFile="$out/$archive")
  require=-Xshare:on
fi

# Training run: a real exchange, then end of input (the agent drains and exits 0, which writes the archive).
coproc agent { exec "$java" "${flags[@]}" "${train[@]}" -jar "$out/app/acp-demo.jar" 2>"$out/training.log"; }
send() { printf '%s\n' "$1" >&"${agent[1]}"; }
answer() { # reads lines until the answer with id $1, kept in $reply (no subshell: it would lose the coprocess)
  while IFS= read -r -t 120 reply <&"${agent[0]}"; do
    case "$reply" in *"\"id\":$1,"*|*"\"id\":$1}"*) return 0 ;; esac
  done
  echo "training: no answer to request $1 (see $out/training.log)" >&2
  return 1
}
send '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{"fs":{"readTextFile":true,"writeTextFile":true}},"clientInfo":{"name":"fast-launch-training","version":"1"}}}'
answer 0
send '{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/tmp","mcpServers":[]}}'
answer 1
session=$(printf '%s' "$reply" | sed -n 's/.*"sessionId":"\([^"]*\)".*/\1/p')
send '{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"'"$session"'","prompt":[{"type":"text","text":"hello"}]}}'
answer 2
send '{"jsonrpc":"2.0","id":3,"method":"_acp-spring-boot/health","params":{}}'
answer 3
pid=$agent_PID
exec {agent[1]}>&-
wait "$pid"
test -s "$out/$archive" || { echo "training wrote no $archive (see $out/training.log)" >&2; exit 1; }


# The launcher: the class in the starter's jar, with its own JVM flags (it only relays bytes) and class-data archive.
launcher_jar=$(cd "$out/app/lib" && ls acp-spring-boot-autoconfigure-*.jar)
launcher_flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms8m -Xmx32m -Xss512k -XX:-UsePerfData
  -Xlog:disable -Xlog:all=warning:stderr)
if [ "$version" -ge 25 ]; then
  launcher_archive=launcher.aot
  launcher_train=(-XX:AOTCacheOutput="$out/$launcher_archive")
  launcher_use="-XX:AOTCache=\"\$dir/$launcher_archive\""
else
  launcher_archive=launcher.jsa
  launcher_train=(-XX:ArchiveClassesAtExit="$out/$launcher_archive")
  launcher_use="-XX:SharedArchiveFile=\"\$dir/$launcher_archive\""
fi

cat >"$out/acp-demo" <<SCRIPT
#!/bin/sh
# The demo ACP agent over stdio, fast launch (written by bench/fast-launch.sh for Java $version): a thin launcher
# relays this process's standard input and output, as one connection, to a warm agent JVM of this build and
# configuration, started on first use. ACP_WARM=off runs the agent in this process instead.
# acp-demo --status: whether the warm agent runs, its pid and log; acp-demo --stop: stop it.
dir=\$(cd "\$(dirname "\$0")" && pwd)
if [ "\${ACP_WARM:-on}" = off ]; then
  exec "$java" ${flags[*]} $use -jar "\$dir/app/acp-demo.jar" "\$@"
fi
exec "$java" ${launcher_flags[*]} $launcher_use -cp "\$dir/app/lib/$launcher_jar" dev.acp.spring.launcher.AcpLauncher \\
  "$java" ${flags[*]} $use -jar "\$dir/app/acp-demo.jar" -- "\$@"
SCRIPT
chmod +x "$out/acp-demo"

# Train the launcher's archive on a real relay (the cold path: it starts a warm agent), then stop that agent.
exchange='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1}}
{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/tmp","mcpServers":[]}}'
printf '%s\n' "$exchange" | "$java" "${launcher_flags[@]}" "${launcher_train[@]}" -cp "$out/app/lib/$launcher_jar" \
  dev.acp.spring.launcher.AcpLauncher "$java" "${flags[@]}" "${use_now[@]}" -jar "$out/app/acp-demo.jar" -- \
  >/dev/null 2>"$out/launcher-training.log"
"$out/acp-demo" --stop >/dev/null
test -s "$out/$launcher_archive" || {
  echo "training wrote no $launcher_archive (see $out/launcher-training.log)" >&2
  exit 1
}

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
JAVA_TOOL_OPTIONS="$require" "$out/acp-demo" --stop >/dev/null 2>&1
echo "$out/acp-demo"
