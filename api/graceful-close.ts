/**
 * Closing an HTTP server without dropping a request (a deploy, a scale-down). `server.close()`
 * stops accepting connections but waits for every open one, and keep-alive connections would
 * hold it for their whole timeout; Node's `closeIdleConnections()` ends those, but it also
 * counts as idle a connection whose request bytes have arrived and are not parsed yet, which a
 * busy process cuts off. So each connection is watched: once closing, a response carries
 * `Connection: close` and its connection ends after it; a connection ends at once only when it is
 * idle after serving a request, or has sent nothing at all for a while (a browser's preconnect).
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";

type Watched = { busy: number; served: number; since: number };

/** How long a connection that has sent nothing may keep a closing server waiting. */
const SILENT_MS = 2000;

export function gracefulClose(server: Server): (done: () => void) => void {
  const sockets = new Map<Socket, Watched>();
  let closing = false;
  server.on("connection", (socket: Socket) => {
    sockets.set(socket, { busy: 0, served: 0, since: Date.now() });
    socket.once("close", () => sockets.delete(socket));
  });
  // Before the app's own listener, so a closing server's answer can still say "close".
  server.prependListener("request", (req, res) => {
    const watched = sockets.get(req.socket);
    if (!watched) return;
    watched.busy++;
    if (closing) res.setHeader("connection", "close");
    res.once("close", () => {
      watched.busy--;
      watched.served++;
    });
  });
  const sweep = () => {
    const now = Date.now();
    for (const [socket, w] of sockets) {
      if (w.busy > 0) continue;
      const silent = w.served === 0 && socket.bytesRead === 0 && now - w.since > SILENT_MS;
      if (w.served > 0 || silent) socket.destroy();
    }
  };
  return (done) => {
    closing = true;
    const timer = setInterval(sweep, 100);
    server.close(() => {
      clearInterval(timer);
      done();
    });
    sweep();
  };
}
