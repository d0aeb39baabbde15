//! Whose connection this is: the address the per-address cap counts. A connection from a
//! trusted proxy is for the client its `X-Forwarded-For` names; anyone else's header is
//! ignored, so a client cannot pick an address to escape the cap.

use axum::http::HeaderMap;
use ipnet::IpNet;
use std::net::IpAddr;

/// The header proxies append the address they were reached from to.
pub const FORWARDED_FOR: &str = "x-forwarded-for";

/// The client behind a connection from `peer`, or `None` when `peer` is a trusted proxy
/// that did not say (a proxy set up wrongly: counting its connections as its own would
/// put every client under one cap).
pub fn client(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> Option<IpAddr> {
    let is_trusted = |a: &IpAddr| trusted.iter().any(|net| net.contains(&canonical(*a)));
    if !is_trusted(&peer) {
        return Some(peer);
    }
    // Every hop appends; the rightmost address no trusted proxy holds is the client (what
    // is left of it, the client may have written itself).
    let mut hops = Vec::new();
    for value in headers.get_all(FORWARDED_FOR) {
        for hop in value.to_str().ok()?.split(',') {
            hops.push(hop.trim().parse::<IpAddr>().ok()?);
        }
    }
    let first = *hops.first()?;
    Some(hops.into_iter().rev().find(|hop| !is_trusted(hop)).unwrap_or(first))
}

/// An IPv4 address as itself even when it arrives mapped into IPv6 (`::ffff:a.b.c.d`, as a
/// dual-stack listener reports it), so `--trusted-proxy 10.0.0.2` matches it.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for v in values {
            map.append(FORWARDED_FOR, v.parse().unwrap());
        }
        map
    }

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|n| n.parse().unwrap()).collect()
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_is_its_own_client_whatever_it_claims() {
        let claimed = headers(&["203.0.113.9"]);
        assert_eq!(client(ip("198.51.100.4"), &claimed, &[]), Some(ip("198.51.100.4")));
        let trusted = nets(&["10.0.0.0/8"]);
        assert_eq!(client(ip("198.51.100.4"), &claimed, &trusted), Some(ip("198.51.100.4")));
    }

    #[test]
    fn a_trusted_proxy_names_the_client() {
        let trusted = nets(&["10.0.0.2/32"]);
        let h = headers(&["198.51.100.4"]);
        assert_eq!(client(ip("10.0.0.2"), &h, &trusted), Some(ip("198.51.100.4")));
        let mapped = ip("::ffff:10.0.0.2");
        assert_eq!(client(mapped, &h, &trusted), Some(ip("198.51.100.4")));
    }

    #[test]
    fn what_a_client_wrote_before_the_proxy_is_not_believed() {
        // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended its real address.
        let trusted = nets(&["10.0.0.0/24"]);
        let h = headers(&["1.2.3.4, 198.51.100.4"]);
        assert_eq!(client(ip("10.0.0.2"), &h, &trusted), Some(ip("198.51.100.4")));
        let split = headers(&["1.2.3.4", "198.51.100.4"]);
        assert_eq!(client(ip("10.0.0.2"), &split, &trusted), Some(ip("198.51.100.4")));
    }

    #[test]
    fn chained_trusted_proxies_are_skipped() {
        let trusted = nets(&["10.0.0.0/24", "2001:db8::/32"]);
        let h = headers(&["198.51.100.4, 2001:db8::7, 10.0.0.9"]);
        assert_eq!(client(ip("10.0.0.2"), &h, &trusted), Some(ip("198.51.100.4")));
        let all_ours = headers(&["10.0.0.3, 10.0.0.9"]);
        assert_eq!(client(ip("10.0.0.2"), &all_ours, &trusted), Some(ip("10.0.0.3")));
    }

    #[test]
    fn a_trusted_proxy_that_names_nobody_or_garbage_is_refused() {
        let trusted = nets(&["10.0.0.2/32"]);
        assert_eq!(client(ip("10.0.0.2"), &HeaderMap::new(), &trusted), None);
        assert_eq!(client(ip("10.0.0.2"), &headers(&["unknown"]), &trusted), None);
        assert_eq!(client(ip("10.0.0.2"), &headers(&["1.2.3.4,"]), &trusted), None);
    }
}
