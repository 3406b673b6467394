import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { createSocket } from "node:dgram";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { describe, test } from "node:test";
import { useFixture, type Fixture } from "../helpers/fixture-home.js";
import { needs, sandboxSkipReason } from "../helpers/host.js";
import { whichOnPath } from "../../src/platform/which.js";
import { attack, assertNoCanary } from "./harness.js";

const skip = sandboxSkipReason();
const dbusDaemon = whichOnPath("dbus-daemon", process.env["PATH"] ?? "/usr/bin:/bin");

function listen(server: Server, target: number | string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    if (typeof target === "number") server.listen(target, "127.0.0.1", resolve);
    else server.listen(target, resolve);
  });
}

/** A host service that hands the canary to whoever connects, and counts connections. */
async function canaryServer(
  fx: Fixture,
  target: number | string,
): Promise<{ server: Server; connections: () => number }> {
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    socket.on("error", () => undefined);
    socket.end(fx.canary);
  });
  await listen(server, target);
  return { server, connections: () => count };
}

const CONNECT_TCP = `
def connect():
    s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=3)
    sys.stdout.write(s.recv(100).decode())
report(result=attempt(connect))
`;

const CONNECT_UNIX = `
def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(3)
    s.connect(sys.argv[1])
    sys.stdout.write(s.recv(100).decode())
report(result=attempt(connect))
`;

describe("escape: network and host sockets", { skip }, () => {
  const fx = useFixture();

  test("TCP to a listener on the host's loopback fails", async () => {
    const { server, connections } = await canaryServer(fx, 0);
    try {
      const port = (server.address() as { port: number }).port;
      const r = await attack(fx, CONNECT_TCP, { args: [String(port)] });
      assert.notEqual(r.report["result"], "ok");
      assert.equal(connections(), 0);
      assertNoCanary(r, fx);
    } finally {
      server.close();
    }
  });

  test("UDP to a socket on the host's loopback never arrives", async () => {
    const receiver = createSocket("udp4");
    let received = 0;
    receiver.on("message", () => (received += 1));
    await new Promise<void>((resolve) => receiver.bind(0, "127.0.0.1", resolve));
    try {
      const port = receiver.address().port;
      const r = await attack(
        fx,
        `s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
report(result=attempt(lambda: s.sendto(b"exfiltrated", ("127.0.0.1", int(sys.argv[1])))))`,
        { args: [String(port)] },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(
        received,
        0,
        `the host received ${received} datagram(s); attack said ${String(r.report["result"])}`,
      );
    } finally {
      receiver.close();
    }
  });

  test("an outbound connection to a public address fails", async () => {
    const r = await attack(
      fx,
      `def connect():
    socket.create_connection(("198.51.100.7", 443), timeout=2)
report(result=attempt(connect))`,
    );
    assert.notEqual(r.report["result"], "ok");
  });

  test("AF_UNIX connect to a host socket under /tmp fails", async () => {
    const path = join(fx.root, "host-service.sock");
    const { server, connections } = await canaryServer(fx, path);
    try {
      const r = await attack(fx, CONNECT_UNIX, { args: [path] });
      assert.equal(r.report["result"], "EPERM");
      assert.equal(connections(), 0);
      assertNoCanary(r, fx);
    } finally {
      server.close();
    }
  });

  test("an abstract-namespace Unix socket on the host is unreachable", async () => {
    const name = `\0cellguard-test-${process.pid}`;
    const { server, connections } = await canaryServer(fx, name);
    try {
      const r = await attack(fx, CONNECT_UNIX.replace("sys.argv[1]", `"\\0" + sys.argv[1]`), {
        args: [name.slice(1)],
      });
      assert.notEqual(r.report["result"], "ok");
      assert.equal(connections(), 0);
    } finally {
      server.close();
    }
  });

  test(
    "AF_UNIX connect to the D-Bus session bus fails",
    { skip: needs(dbusDaemon === null ? "needs dbus-daemon (apt-get install dbus)" : false) },
    async () => {
      const path = join(fx.root, "session-bus");
      const daemon: ChildProcess = spawn(
        dbusDaemon ?? "dbus-daemon",
        ["--session", `--address=unix:path=${path}`, "--nofork", "--nopidfile"],
        { stdio: "ignore" },
      );
      try {
        for (let i = 0; i < 100 && !existsSync(path); i++)
          await new Promise((r) => setTimeout(r, 50));
        assert.ok(existsSync(path), "the test's own D-Bus daemon did not start");
        const r = await attack(fx, CONNECT_UNIX, {
          args: [path],
          env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${path}` },
        });
        assert.equal(r.report["result"], "EPERM");
      } finally {
        daemon.kill("SIGKILL");
      }
    },
  );

  test("--allow-network lets TCP through but still refuses AF_UNIX", async () => {
    const { server, connections } = await canaryServer(fx, 0);
    const path = join(fx.root, "host-service-2.sock");
    const unix = await canaryServer(fx, path);
    try {
      const port = (server.address() as { port: number }).port;
      const tcp = await attack(fx, CONNECT_TCP, {
        args: [String(port)],
        cliArgs: ["--allow-network"],
      });
      assert.equal(tcp.report["result"], "ok", "raw network was allowed explicitly");
      assert.equal(connections(), 1);
      const local = await attack(fx, CONNECT_UNIX, { args: [path], cliArgs: ["--allow-network"] });
      assert.equal(local.report["result"], "EPERM");
      assert.equal(unix.connections(), 0);
    } finally {
      server.close();
      unix.server.close();
    }
  });
});
