// `npm test` runs this first (pretest): fail fast, with one clear message, when
// the demo jar or the java binary is missing.

import { spawnSync } from "node:child_process";
import { requireDemoJar } from "./agent.js";

try {
  const jar = requireDemoJar();
  const java = process.env.JAVA || "java";
  const probe = spawnSync(java, ["-version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error(`cannot run java (${java} -version): ${probe.error?.message ?? probe.stderr}\nSet JAVA to a java binary.`);
  }
  console.log(`interop: agent = ${java} -jar ${jar}`);
} catch (err) {
  console.error(`interop: ${err.message}`);
  process.exit(1);
}
