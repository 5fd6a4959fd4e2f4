import dns from 'node:dns';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { isLocalHost, OutgoingNetworkError, takeRefusedConnections } from './no-network.js';

// 203.0.113.0/24 is TEST-NET-3 (RFC 5737): an address that belongs to nobody.
const ELSEWHERE = '203.0.113.1';

describe('outgoing network in the tests (DESIGN §8)', () => {
  it('refuses a TCP or TLS connection to another machine, and remembers it', () => {
    expect(() => net.connect(443, ELSEWHERE)).toThrow(OutgoingNetworkError);
    expect(() => net.createConnection({ host: ELSEWHERE, port: 25 })).toThrow(OutgoingNetworkError);
    expect(() => tls.connect({ host: ELSEWHERE, port: 443 })).toThrow(OutgoingNetworkError);
    expect(() => new net.Socket().connect(80, 'smtp.example.com')).toThrow(/smtp\.example\.com:80/);
    // Read here, the attempts do not fail this test; left unread they fail the test that made them.
    expect(takeRefusedConnections()).toEqual([
      `${ELSEWHERE}:443`,
      `${ELSEWHERE}:25`,
      `${ELSEWHERE}:443`,
      'smtp.example.com:80',
    ]);
  });

  it('refuses fetch and name resolution before anything leaves', async () => {
    const failure = await fetch(`http://${ELSEWHERE}/`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).cause).toBeInstanceOf(OutgoingNetworkError);
    await expect(dns.promises.lookup('api.stripe.com')).rejects.toThrow(OutgoingNetworkError);
    expect(() => dns.lookup('example.com', () => {})).toThrow(OutgoingNetworkError);
    expect(takeRefusedConnections()).toEqual([`${ELSEWHERE}:80`, 'api.stripe.com', 'example.com']);
  });

  it('lets the tests reach this machine', async () => {
    const server = net.createServer((socket) => socket.end('bonjour'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      for (const host of ['127.0.0.1', 'localhost']) {
        const socket = net.connect(port, host);
        const [data] = (await once(socket, 'data')) as [Buffer];
        expect(data.toString()).toBe('bonjour');
        socket.destroy();
      }
    } finally {
      server.close();
    }
    expect(
      ['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'db.localhost', undefined].every(isLocalHost),
    ).toBe(true);
    expect(['10.0.0.1', '192.168.1.1', '0.0.0.0', '::', 'example.com'].some(isLocalHost)).toBe(false);
    expect(takeRefusedConnections()).toEqual([]);
  });
});
