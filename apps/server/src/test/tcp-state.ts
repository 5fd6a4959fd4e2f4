import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';

/** TCP_ESTABLISHED in the kernel's table (include/net/tcp_states.h). */
const ESTABLISHED = '01';

/**
 * Whether the kernel still holds this client socket's connection as established: what `ss` shows, and
 * what a client that reads nothing has to go by (its own socket hears of a close only when it reads).
 * From Linux's /proc/net/tcp, where a connection is listed by its addresses in hexadecimal; IPv4 only.
 */
export async function isEstablished(socket: Socket): Promise<boolean> {
  const local = `:${hexPort(socket.localPort)}`;
  const remote = `:${hexPort(socket.remotePort)}`;
  const table = await readFile('/proc/net/tcp', 'utf8');
  for (const line of table.split('\n').slice(1)) {
    const [, localAddress, remoteAddress, state] = line.trim().split(/\s+/);
    if (localAddress?.endsWith(local) && remoteAddress?.endsWith(remote)) return state === ESTABLISHED;
  }
  return false;
}

function hexPort(port: number | undefined): string {
  if (port === undefined) throw new Error('socket sans port : pas encore connectée, ou déjà détruite');
  return port.toString(16).toUpperCase().padStart(4, '0');
}
