/**
 * Where a request comes from, for the limits that count per client (admission.ts,
 * auth-failures.ts) and per address (http-server.ts): the socket's peer, or with `trustProxy`
 * the last `X-Forwarded-For` value, the one the proxy itself appended (the values before it are
 * the client's to write). IPv6 addresses count by their /64, the block one host is given.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/** No socket: a request made in-process (app.request(), the console's tests). */
const IN_PROCESS = 'in-process';

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return addressKey(forwarded);
  }
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  const peer = incoming?.socket.remoteAddress;
  return peer === undefined ? IN_PROCESS : addressKey(peer);
}

/** `address` as the limits count it: IPv4 as is (also when IPv4-mapped), IPv6 by its /64. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [
    ...left,
    ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
