#!/usr/bin/env bash
# Starts a self-contained fast launch archive (java -Djarmode=acp-fast-launch ... --jlink) as an ACP registry client
# would: unpacks it into a new temporary directory, runs its cmd (read from the registry entry beside it) from another
# directory with no java on PATH, sends initialize and session/new, and checks that both are answered and that
# standard output carries JSON-RPC lines only. Then stops the warm agent it started and removes the directory.
#
# Usage: bench/self-contained-check.sh path/to/<name>-<platform>.tar.gz
set -euo pipefail
archive=$(readlink -f "$1")
entry="${archive%.tar.gz}.json"
cmd=$(node -e 'const e = require(process.argv[1]); const b = e.distribution.binary;
  const p = Object.keys(b); if (p.length !== 1) throw new Error("one platform expected");
  process.stdout.write(b[p[0]].cmd)' "$entry")
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
tar -xzf "$archive" -C "$home"
# The agent's PATH holds the shell tools its script uses and no java (/usr/bin has one on most machines).
bin=$(mktemp -d)
trap 'rm -rf "$home" "$bin"' EXIT
ln -s "$(command -v dirname)" "$bin/dirname"
exchange='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1}}
{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/tmp","mcpServers":[]}}'
check() { # $1: ACP_WARM
  local start end output
  start=$(date +%s%N)
  output=$(cd / && printf '%s\n' "$exchange" | ACP_WARM="$1" PATH="$bin" "$home/${cmd#./}" 2>"$home/stderr.log")
  end=$(date +%s%N)
  printf '%s\n' "$output" | node -e '
    let text = ""; process.stdin.on("data", (c) => text += c).on("end", () => {
      const lines = text.split("\n").filter((l) => l.length > 0);
      const byId = {};
      for (const line of lines) {
        let m;
        try { m = JSON.parse(line); } catch { m = undefined; }
        if (!m || m.jsonrpc !== "2.0") throw new Error(`not JSON-RPC on standard output: ${line}`);
        if (m.id !== undefined) byId[m.id] = m;
      }
      if (!byId[0] || byId[0].result.protocolVersion !== 1) throw new Error("no initialize answer");
      if (!byId[1] || !byId[1].result.sessionId) throw new Error("no session/new answer");
      process.stdout.write(`agent ${byId[0].result.agentInfo?.name}: initialize and session/new answered, ` +
        `${lines.length} line(s) on standard output, all JSON-RPC`);
    });'
  echo ", ACP_WARM=$1, $(( (end - start) / 1000000 )) ms; standard error:"
  sed 's/^/  /' "$home/stderr.log"
}
check on   # the cold path: starts the warm agent
check on   # through the warm agent
PATH="$bin" "$home/${cmd#./}" --stop >/dev/null
check off  # the agent in the script's process
