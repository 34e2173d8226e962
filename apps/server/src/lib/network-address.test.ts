import { describe, expect, it } from 'vitest';
import { networkOf } from './network-address';

describe('networkOf', () => {
  it('keeps an IPv4 address, and the IPv4 inside an IPv4-mapped IPv6 one', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one network, whatever its spelling', () => {
    const net = '2001:db8:aa:12::/64';
    expect(networkOf('2001:db8:aa:12::1')).toBe(net);
    expect(networkOf('2001:0DB8:00aa:0012:ffff:1:2:3')).toBe(net);
    expect(networkOf('2001:db8:aa:12:0:0:0:9%eth0')).toBe(net);
    expect(networkOf('2001:db8:aa:13::1')).not.toBe(net);
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as given', () => {
    expect(networkOf('unknown')).toBe('unknown');
  });
});
