import { describe, expect, it } from 'vitest';
import { classifyAddress, createAddressPolicy, InvalidCidrError } from '../../src/net/address-policy.ts';

/** [address, expected range] for addresses that must be refused. */
const NOT_GLOBAL: [string, string][] = [
  // IPv4 special-purpose registry (RFC 6890 and successors)
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.254', 'carrierGradeNat'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'linkLocal'], // cloud metadata endpoint
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.10', 'reserved'], // TEST-NET-1
  ['192.88.99.1', 'reserved'], // 6to4 relay anycast
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'reserved'], // benchmarking
  ['198.51.100.7', 'reserved'], // TEST-NET-2
  ['203.0.113.9', 'reserved'], // TEST-NET-3
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['192.31.196.1', 'as112'],
  ['192.52.193.1', 'amt'],
  // IPv6 special-purpose registry
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['fe80::1', 'linkLocal'],
  ['fe80::1%eth0', 'linkLocal'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456:789a::1', 'uniqueLocal'],
  ['ff02::1', 'multicast'],
  ['fec0::1', 'deprecatedSiteLocal'],
  ['100::1', 'discard'],
  ['2001:db8::1', 'reserved'], // documentation
  ['2001:2::1', 'benchmarking'],
  ['2001::1', 'teredo'],
  ['2002:c000:0204::1', '6to4'],
  ['3fff::1', 'reserved'], // documentation (RFC 9637)
  ['5f00::1', 'segmentRouting'],
  ['4000::1', 'unicast'], // outside 2000::/3: not global unicast
  // IPv4 embedded in IPv6, private inside
  ['::ffff:127.0.0.1', 'ipv4Mapped'],
  ['::ffff:7f00:1', 'ipv4Mapped'],
  ['[::ffff:127.0.0.1]', 'ipv4Mapped'],
  ['::ffff:10.0.0.1', 'ipv4Mapped'],
  ['::ffff:169.254.169.254', 'ipv4Mapped'],
  ['::ffff:192.168.0.1', 'ipv4Mapped'],
  ['::127.0.0.1', 'ipv4Compatible'],
  ['::7f00:1', 'ipv4Compatible'],
  ['::10.1.2.3', 'ipv4Compatible'],
  ['::0.0.0.2', 'ipv4Compatible'],
  ['64:ff9b::7f00:1', 'rfc6052'],
  ['64:ff9b::127.0.0.1', 'rfc6052'],
  ['64:ff9b::a00:1', 'rfc6052'],
  ['64:ff9b::a9fe:a9fe', 'rfc6052'],
  ['64:ff9b:1::7f00:1', 'rfc6052'],
  ['64:ff9b:1::c0a8:101', 'rfc6052'],
  ['::ffff:0:7f00:1', 'rfc6145'], // IPv4-translated
];

/** Addresses that must pass. */
const GLOBAL: string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '151.101.1.69',
  '100.63.255.255', // just below carrier-grade NAT
  '100.128.0.0', // just above
  '172.15.255.255', // just below 172.16/12
  '172.32.0.0', // just above
  '2606:4700:4700::1111',
  '2a00:1450:4001:82a::200e',
  '[2001:4860:4860::8888]',
  '::ffff:8.8.8.8', // mapped global
  '::ffff:808:808',
  '::8.8.8.8', // IPv4-compatible global
  '64:ff9b::808:808', // NAT64 of a global IPv4
  '64:ff9b::8.8.8.8',
  '64:ff9b:1::808:808',
];

describe('classifyAddress', () => {
  it.each(NOT_GLOBAL)('refuses %s (%s)', (address, range) => {
    const cls = classifyAddress(address);
    expect(cls.global).toBe(false);
    expect(cls.range).toBe(range);
  });

  it.each(GLOBAL)('lets %s pass', (address) => {
    expect(classifyAddress(address).global).toBe(true);
  });

  it('classifies the embedded IPv4 address of mapped, compatible and NAT64 forms', () => {
    expect(classifyAddress('::ffff:127.0.0.1').embedded).toMatchObject({ address: '127.0.0.1', range: 'loopback' });
    expect(classifyAddress('::10.1.2.3').embedded).toMatchObject({ address: '10.1.2.3', range: 'private' });
    expect(classifyAddress('64:ff9b::7f00:1').embedded).toMatchObject({ address: '127.0.0.1', range: 'loopback' });
    expect(classifyAddress('64:ff9b::808:808').embedded).toMatchObject({ address: '8.8.8.8', range: 'unicast' });
  });

  it.each(['', 'localhost', 'example.com', '256.1.1.1', '1.2.3', '::gg', '[::1', '127.0.0.1:80'])(
    'treats %j, which is not an IP address, as not global',
    (input) => {
      expect(classifyAddress(input)).toMatchObject({ global: false, range: 'invalid' });
    },
  );
});

describe('createAddressPolicy', () => {
  it('allows only global unicast by default', () => {
    const policy = createAddressPolicy();
    expect(policy.isAllowed('8.8.8.8')).toBe(true);
    expect(policy.isAllowed('2606:4700:4700::1111')).toBe(true);
    for (const [address] of NOT_GLOBAL) expect(policy.isAllowed(address)).toBe(false);
    expect(policy.isAllowed('not an address')).toBe(false);
  });

  it('allows everything with allowAll (QUIRE_ALLOW_PRIVATE_URLS=1)', () => {
    const policy = createAddressPolicy({ allowAll: true });
    expect(policy.isAllowed('127.0.0.1')).toBe(true);
    expect(policy.isAllowed('::1')).toBe(true);
  });

  it('adds exactly the configured CIDR ranges, also for the IPv4-mapped form', () => {
    const policy = createAddressPolicy({ allowCidrs: ['127.0.0.1/32', 'fd00::/8'] });
    expect(policy.isAllowed('127.0.0.1')).toBe(true);
    expect(policy.isAllowed('::ffff:127.0.0.1')).toBe(true);
    expect(policy.isAllowed('127.0.0.2')).toBe(false);
    expect(policy.isAllowed('::1')).toBe(false);
    expect(policy.isAllowed('fd00::5')).toBe(true);
    expect(policy.isAllowed('fc00::5')).toBe(false);
    expect(policy.isAllowed('10.0.0.1')).toBe(false);
    expect(policy.isAllowed('8.8.8.8')).toBe(true);
  });

  it('refuses a malformed range with a message naming the variable', () => {
    expect(() => createAddressPolicy({ allowCidrs: ['10.0.0.0/33'] })).toThrow(InvalidCidrError);
    expect(() => createAddressPolicy({ allowCidrs: ['nonsense'] })).toThrow(/QUIRE_URL_ALLOW_CIDRS/);
  });
});
