// The acpx command-line client (the real one, from npm) runs the demo agent jar as it runs any agent: a fresh
// process per command, prompt text trimmed, stdin closed then SIGTERM to stop it; and its authentication
// convention: for an advertised auth method id `token`, acpx authenticates when ACPX_AUTH_TOKEN is set and passes
// the credential to the agent in that variable of its environment.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { requireDemoJar } from "../lib/agent.js";

const ACPX = resolve(dirname(fileURLToPath(import.meta.url)), "../node_modules/acpx/dist/cli.js");

function acpx(agentArgs, env = {}) {
  const agent = ["java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", requireDemoJar(), ...agentArgs].join(" ");
  const environment = { ...process.env, ...env };
  delete environment.ACPX_AUTH_TOKEN;
  Object.assign(environment, env);
  return spawnSync(process.execPath, [ACPX, "--agent", agent, "exec", "hello from acpx"], {
    encoding: "utf8",
    env: environment,
    timeout: 120_000,
  });
}

describe("acpx", { timeout: 400_000 }, () => {
  test("a prompt through acpx is echoed and the turn ends", () => {
    const run = acpx([]);
    assert.equal(run.status, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /hello from acpx/);
    assert.match(run.stdout, /end_turn/);
  });

  test("with an auth method advertised, acpx authenticates with the credential of ACPX_AUTH_<ID>", () => {
    const run = acpx(["--acp.auth.methods[0].id=token", "--demo.auth.expected-token=s3cret"], {
      ACPX_AUTH_TOKEN: "s3cret",
    });
    assert.equal(run.status, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /hello from acpx/);
  });

  test("without the credential acpx does not authenticate and the agent refuses the session", () => {
    const run = acpx(["--acp.auth.methods[0].id=token", "--demo.auth.expected-token=s3cret"]);
    assert.notEqual(run.status, 0);
    assert.match(run.stdout + run.stderr, /Authentication required/);
  });

  test("a wrong credential is refused", () => {
    const run = acpx(["--acp.auth.methods[0].id=token", "--demo.auth.expected-token=s3cret"], {
      ACPX_AUTH_TOKEN: "guess",
    });
    assert.notEqual(run.status, 0);
    assert.match(run.stdout + run.stderr, /Authentication required/);
  });
});
