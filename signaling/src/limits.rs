//! What the server allows, all configurable (flags or environment), and the per-connection
//! rate limit.

use clap::Parser;
use ipnet::IpNet;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Server configuration.
#[derive(Clone, Debug, Parser)]
#[command(version, about = "The server that introduces carrom peers; it never sees a game.")]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "CARROM_SIGNALING_ADDR", default_value = "127.0.0.1:3536")]
    pub addr: SocketAddr,
    /// Largest message a peer may send, in bytes.
    #[arg(long, env = "CARROM_SIGNALING_MAX_MESSAGE", default_value_t = 16 * 1024)]
    pub max_message: usize,
    /// Messages queued for a peer before it counts as a slow reader and is dropped.
    #[arg(long, env = "CARROM_SIGNALING_QUEUE", default_value_t = 64)]
    pub queue: usize,
    /// Connections at once, in all.
    #[arg(long, env = "CARROM_SIGNALING_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// Connections at once from one source address.
    #[arg(long, env = "CARROM_SIGNALING_MAX_PER_ADDRESS", default_value_t = 32)]
    pub max_per_address: usize,
    /// Bits of an IPv6 address that name one source for the per-address cap: a home or a
    /// host is given a /64 (and picks addresses in it at will), so its addresses count as
    /// one. IPv4 addresses count one by one.
    #[arg(long, env = "CARROM_SIGNALING_IPV6_PREFIX", default_value_t = 64,
          value_parser = clap::value_parser!(u8).range(32..=128))]
    pub ipv6_prefix: u8,
    /// Connections that have not yet finished their request (or become a WebSocket), in
    /// all; from one source the cap is --max-per-address. Their headers must arrive within
    /// the handshake timeout.
    #[arg(long, env = "CARROM_SIGNALING_MAX_PENDING", default_value_t = 1_024)]
    pub max_pending: usize,
    /// Seconds a peer may stay silent (peers send keep-alives) before it is dropped.
    #[arg(long, env = "CARROM_SIGNALING_IDLE_TIMEOUT", default_value_t = 60)]
    pub idle_timeout: u64,
    /// Seconds the WebSocket upgrade request may take.
    #[arg(long, env = "CARROM_SIGNALING_HANDSHAKE_TIMEOUT", default_value_t = 10)]
    pub handshake_timeout: u64,
    /// Messages per second a peer may send (sustained).
    #[arg(long, env = "CARROM_SIGNALING_RATE", default_value_t = 50)]
    pub rate: u32,
    /// Messages a peer may send in a burst above the rate.
    #[arg(long, env = "CARROM_SIGNALING_BURST", default_value_t = 200)]
    pub burst: u32,
    /// Bytes per second a peer may send (sustained): a peer's signals are a few KiB for
    /// each peer it meets, so a sender flooding one receiver is cut off long before that
    /// receiver's queue fills and would drop it as a slow reader.
    #[arg(long, env = "CARROM_SIGNALING_BYTE_RATE", default_value_t = 16 * 1024)]
    pub byte_rate: u32,
    /// Bytes a peer may send in a burst above the byte rate.
    #[arg(long, env = "CARROM_SIGNALING_BYTE_BURST", default_value_t = 64 * 1024)]
    pub byte_burst: u32,
    /// The browser game to serve (a folder `scripts/build-web.sh` made): its page at `/`,
    /// so an invite link `http(s)://HOST/#CODE` opens the game in the match.
    #[arg(long, env = "CARROM_SIGNALING_WEB", value_name = "DIR")]
    pub web: Option<PathBuf>,
    /// This instance's name among several behind one proxy: `/metrics` labels every figure
    /// with it and every response carries it (`x-carrom-instance`). Default: the address
    /// it listens on.
    #[arg(long, env = "CARROM_SIGNALING_INSTANCE", value_name = "NAME")]
    pub instance: Option<String>,
    /// A proxy (address or network, e.g. `10.0.0.2` or `10.0.0.0/24`; repeat, or separate
    /// with commas) whose `X-Forwarded-For` names the client a connection is for: the
    /// per-address cap then counts clients, not the proxy. Nobody else's header is believed.
    #[arg(
        long = "trusted-proxy",
        env = "CARROM_SIGNALING_TRUSTED_PROXIES",
        value_name = "ADDR[/BITS]",
        value_delimiter = ',',
        value_parser = proxy_network
    )]
    pub trusted_proxies: Vec<IpNet>,
}

/// A `--trusted-proxies` entry that is neither an address nor a network.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is neither an address nor a network like 10.0.0.0/24")]
struct NotANetwork(String);

/// A trusted proxy's address or network.
fn proxy_network(text: &str) -> Result<IpNet, NotANetwork> {
    let text = text.trim();
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| NotANetwork(text.to_string()))
}

impl Default for Config {
    fn default() -> Self {
        Config::parse_from(["carrom-signaling"])
    }
}

impl Config {
    /// The idle timeout.
    pub fn idle(&self) -> Duration {
        Duration::from_secs(self.idle_timeout)
    }

    /// The handshake timeout.
    pub fn handshake(&self) -> Duration {
        Duration::from_secs(self.handshake_timeout)
    }

    /// The instance's name: the one given, or the address it listens on (`bound`).
    pub fn instance_name(&self, bound: SocketAddr) -> String {
        self.instance.clone().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| bound.to_string())
    }
}

/// A token bucket: `rate` tokens a second, at most `burst` stored.
pub struct RateLimit {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    /// A full bucket.
    pub fn new(rate: u32, burst: u32) -> RateLimit {
        RateLimit {
            rate: rate as f64,
            burst: burst as f64,
            tokens: burst as f64,
            last: Instant::now(),
        }
    }

    /// A bucket of `per_minute` tokens a minute, at most `burst` stored.
    pub fn per_minute(per_minute: u32, burst: u32) -> RateLimit {
        RateLimit { rate: per_minute as f64 / 60.0, ..RateLimit::new(0, burst) }
    }

    /// Whether a token would be there at `now`, without taking it.
    pub fn would_allow(&self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        (self.tokens + elapsed * self.rate).min(self.burst) >= 1.0
    }

    /// Takes a token for one message at `now`; false when the peer is over its rate.
    pub fn allow(&mut self, now: Instant) -> bool {
        self.allow_n(now, 1)
    }

    /// Takes `n` tokens at `now` (a message's bytes); false when the peer is over its rate.
    pub fn allow_n(&mut self, now: Instant, n: usize) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        if self.tokens >= n as f64 {
            self.tokens -= n as f64;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_sustained_rate() {
        let mut limit = RateLimit::new(10, 5);
        let t0 = Instant::now();
        assert_eq!((0..8).filter(|_| limit.allow(t0)).count(), 5);
        assert!(limit.allow(t0 + Duration::from_millis(100)), "one more after 0.1 s at 10/s");
        assert!(!limit.allow(t0 + Duration::from_millis(100)));
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        let c = Config::parse_from([
            "carrom-signaling",
            "--trusted-proxy",
            "10.0.0.2,10.1.0.0/16",
            "--trusted-proxy=::1",
        ]);
        let shown: Vec<String> = c.trusted_proxies.iter().map(|n| n.to_string()).collect();
        assert_eq!(shown, ["10.0.0.2/32", "10.1.0.0/16", "::1/128"]);
        let wrong = Config::try_parse_from(["carrom-signaling", "--trusted-proxy", "proxy.lan"]);
        let message = wrong.unwrap_err().to_string();
        assert!(message.contains("neither an address nor a network"), "{message}");
    }

    #[test]
    fn an_instance_is_named_by_its_address_unless_named() {
        let bound: SocketAddr = "10.0.0.5:3536".parse().unwrap();
        assert_eq!(Config::default().instance_name(bound), "10.0.0.5:3536");
        let named = Config::parse_from(["carrom-signaling", "--instance", "sig-2"]);
        assert_eq!(named.instance_name(bound), "sig-2");
    }

    #[test]
    fn defaults_are_safe_for_the_internet() {
        let c = Config::default();
        assert!(c.max_message <= 16 * 1024);
        assert_eq!(c.addr.to_string(), "127.0.0.1:3536");
        assert!(c.queue > 0 && c.max_per_address < c.max_connections);
        assert!(c.trusted_proxies.is_empty(), "no forwarded address is believed by default");
    }
}
