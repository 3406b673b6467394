// One scripted model server for a test file or a describe block: started before its tests,
// closed after them, and before each test cleared of recorded requests and set back to a
// default reply.
import { after, before, beforeEach } from "node:test";
import { ModelServer, type Reply } from "./model-server.js";

/**
 * Registers the hooks in the suite being defined (a describe block, or the file at top level)
 * and returns a getter for the running server, to call inside its tests.
 */
export function useModelServer(defaultReply: Reply): () => ModelServer {
  let server: ModelServer | undefined;
  const running = (): ModelServer => {
    if (server === undefined) throw new Error("the model server is not running yet");
    return server;
  };
  before(async () => {
    server = await ModelServer.start();
  });
  after(async () => {
    await server?.close();
  });
  beforeEach(() => {
    running().requests.length = 0;
    running().respondWith(defaultReply);
  });
  return running;
}
