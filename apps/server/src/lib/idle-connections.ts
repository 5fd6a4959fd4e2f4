import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What the server does with a socket silent both ways for CONNECTION_TIMEOUT_MS (Node's idle timer,
 * `server.timeout`): it closes it, and resets it when an answer is still waiting there, unread.
 *
 * Left to Node, such a socket is closed: a FIN queued behind the answer's unsent bytes. A client that
 * stopped reading never takes those bytes, so the FIN never reaches it and the connection stays open on
 * both machines, the server's kernel holding megabytes for it (found under load: no such client was ever
 * disconnected). A reset goes at once, drops what was unsent, and tells the client. The answer's bytes
 * waiting in the process (`writableLength`: the kernel would take no more) are what says that the client
 * stopped reading: a slow reader still takes them, and each chunk it takes lets the next be written,
 * which restarts the idle timer.
 *
 * `onUnreadClosed` hears each reset (for a log line). Listening to the server's 'timeout' event is what
 * takes the closing over from Node: it no longer destroys the socket itself.
 */
export function closeIdleConnections(server: Server, onUnreadClosed: () => void): void {
  server.on('timeout', (socket: Socket) => {
    if (socket.writableLength > 0) {
      socket.resetAndDestroy();
      onUnreadClosed();
    } else {
      socket.destroy();
    }
  });
}
