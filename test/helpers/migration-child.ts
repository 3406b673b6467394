// Run as its own process by the crash-safety test: migrates the store in DATA_DIR through the
// Secret Service named by its environment, and SIGKILLs itself at the KILL_AT-th step (0: never).
// Prints the number of steps it went through, so the test can enumerate every kill point.
import { SecretBroker } from "../../src/secrets/broker.js";
import { migrateConnectorEnv, migrateSettingsSecrets } from "../../src/secrets/migration.js";
import { Store } from "../../src/store/store.js";

const [dataDir, killAtText] = process.argv.slice(2);
if (dataDir === undefined || killAtText === undefined) {
  throw new Error("usage: migration-child DATA_DIR KILL_AT");
}
const killAt = Number(killAtText);
let steps = 0;
const onStep = (): void => {
  steps += 1;
  if (steps === killAt) process.kill(process.pid, "SIGKILL");
};
const store = Store.open(dataDir);
try {
  const broker = await SecretBroker.open({ store, env: process.env });
  const settings = await migrateSettingsSecrets(store, broker, { onStep });
  const connectors = await migrateConnectorEnv(store, broker, { onStep });
  process.stdout.write(JSON.stringify({ steps, settings, connectors }));
} finally {
  store.close();
}
