import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Whether `ip` is inside one of the CIDR networks (or single addresses) of the list; an empty
 * list allows every address. An IPv4 address seen as IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is
 * checked as IPv4.
 */
export function isIpAllowed(list: readonly string[], ip: string): boolean {
  if (list.length === 0) return true;
  const blocks = new BlockList();
  for (const entry of list) {
    const [network = '', prefix] = entry.split('/');
    const type = isIPv4(network) ? 'ipv4' : isIPv6(network) ? 'ipv6' : null;
    if (type === null) continue;
    if (prefix === undefined) blocks.addAddress(network, type);
    else blocks.addSubnet(network, Number(prefix), type);
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return blocks.check(address, 'ipv4');
  if (isIPv6(address)) return blocks.check(address, 'ipv6');
  return false;
}
