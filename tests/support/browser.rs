//! Headless Chromium (Debian's `chromium`) driven over its DevTools protocol: open a page,
//! read what the page writes in its console, take screenshots. Flags keep it off every
//! network but the test's own: no background fetches, no component updates, no sync;
//! WebRTC's local addresses are not hidden behind mDNS names (a native peer could not
//! resolve them); WebGL2 is drawn by SwiftShader. A `panicked` line in the page's console
//! fails the test at once, whatever it was waiting for.
#![allow(dead_code)]

use base64::Engine;
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket, stream::MaybeTlsStream};

/// The browser, if this machine has one.
pub fn chromium() -> Option<PathBuf> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
}

/// A Chromium process showing one page, and the DevTools connection to that page.
pub struct Browser {
    process: Child,
    page: WebSocket<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    /// Every console message so far, in order.
    pub console: Vec<String>,
    profile: PathBuf,
}

/// Reads of the page's buttons, 120 ms apart, that must agree before a button is used.
const SETTLED: u32 = 4;

impl Browser {
    /// Starts Chromium on `url` with a fresh profile in `profile`, and `extra` flags.
    pub fn open(chromium: &Path, url: &str, profile: &Path, extra: &[&str]) -> Browser {
        let mut browser = Browser::start(chromium, profile, extra);
        browser.call("Page.navigate", json!({ "url": url }));
        browser
    }

    /// Starts Chromium as a phone held upright, `width` × `height` CSS pixels, with a touch
    /// screen, on `url`: the page sees fingers, never a mouse, as long as the test only
    /// touches. One device pixel per CSS pixel: Chromium's emulated device scale leaves the
    /// canvas's backing store at CSS size while the page reports twice the ratio, which no
    /// real screen does (a real scale of 2, `--force-device-scale-factor`, lays out right).
    pub fn open_phone(
        chromium: &Path,
        url: &str,
        profile: &Path,
        (width, height): (u32, u32),
    ) -> Browser {
        let mut browser = Browser::start(chromium, profile, &[]);
        let metrics = json!({
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": true,
        });
        browser.call("Emulation.setDeviceMetricsOverride", metrics);
        browser.call(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": true, "maxTouchPoints": 5 }),
        );
        browser.call("Page.navigate", json!({ "url": url }));
        browser
    }

    /// Starts Chromium on a blank page, with a fresh profile in `profile` and `extra` flags.
    fn start(chromium: &Path, profile: &Path, extra: &[&str]) -> Browser {
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile).unwrap();
        let process = Command::new(chromium)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-quic",
                "--disable-dev-shm-usage",
                "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader",
                "--disable-features=WebRtcHideLocalIpsWithMdns",
                // A small laptop's window: software WebGL draws each pixel on the CPU,
                // and two pages side by side beside native peers starve each other at
                // 1280×800 (the 16 scenarios: 694 CPU s there, 600 at this size).
                "--window-size=800,500",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .args(extra)
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        let port = devtools_port(profile);
        let targets = http_get(port, "/json/list");
        let targets: Value = serde_json::from_str(&targets).expect("DevTools lists its targets");
        let page_url = targets
            .as_array()
            .and_then(|t| t.iter().find(|t| t["type"] == "page"))
            .and_then(|t| t["webSocketDebuggerUrl"].as_str())
            .expect("a page target")
            .to_string();
        let (page, _) = tungstenite::connect(page_url.as_str()).expect("DevTools connects");
        if let MaybeTlsStream::Plain(stream) = page.get_ref() {
            stream.set_read_timeout(Some(Duration::from_millis(200))).unwrap();
        }
        let mut browser =
            Browser { process, page, next_id: 0, console: Vec::new(), profile: profile.into() };
        browser.call("Runtime.enable", json!({}));
        browser.call("Page.enable", json!({}));
        browser
    }

    /// Sends a DevTools command and waits (at most 30 s) for its answer.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let text = json!({ "id": id, "method": method, "params": params }).to_string();
        self.page.send(Message::text(text)).expect("DevTools takes the command");
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Some(message) = self.read()
                && message["id"] == id
            {
                assert!(message.get("error").is_none(), "{method}: {message}");
                return message["result"].clone();
            }
        }
        panic!("DevTools did not answer {method} within 30 s");
    }

    /// Reads one message, noting console output; `None` when none came for a moment.
    fn read(&mut self) -> Option<Value> {
        let message = match self.page.read() {
            Ok(Message::Text(text)) => serde_json::from_str::<Value>(&text).ok()?,
            Ok(_) => return None,
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock
                        | std::io::ErrorKind::TimedOut
                        | std::io::ErrorKind::Interrupted
                ) =>
            {
                return None;
            }
            Err(e) => panic!("the DevTools connection failed: {e}"),
        };
        match message["method"].as_str() {
            Some("Runtime.consoleAPICalled") => {
                let args = message["params"]["args"].as_array().cloned().unwrap_or_default();
                let line: Vec<String> = args
                    .iter()
                    .map(|a| {
                        a["value"].as_str().map_or_else(|| a["value"].to_string(), str::to_string)
                    })
                    .collect();
                let line = line.join(" ");
                // A panic in the page stops its game: nothing after it is worth waiting for.
                assert!(
                    !line.contains("panicked"),
                    "the page panicked: {line}\n{:#?}",
                    self.console
                );
                self.console.push(line);
            }
            Some("Runtime.exceptionThrown") => {
                let details = &message["params"]["exceptionDetails"];
                self.console.push(format!("exception: {details}"));
            }
            _ => {}
        }
        Some(message)
    }

    /// Waits (at most `limit`) for a console line containing `needle`; returns it.
    pub fn wait_for(&mut self, needle: &str, limit: Duration) -> Option<String> {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(line) = self.console.iter().find(|l| l.contains(needle)) {
                return Some(line.clone());
            }
            if Instant::now() > deadline {
                return None;
            }
            self.read();
        }
    }

    /// The value of `expression` in the page.
    pub fn evaluate(&mut self, expression: &str) -> Value {
        let result = self
            .call("Runtime.evaluate", json!({ "expression": expression, "returnByValue": true }));
        result["result"]["value"].clone()
    }

    /// A click of the left button at (`x`, `y`), in CSS pixels.
    pub fn click(&mut self, x: f64, y: f64) {
        for kind in ["mousePressed", "mouseReleased"] {
            let event = json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 });
            self.call("Input.dispatchMouseEvent", event);
        }
    }

    /// Moves the pointer to (`x`, `y`), in CSS pixels.
    pub fn point(&mut self, x: f64, y: f64) {
        self.call("Input.dispatchMouseEvent", json!({ "type": "mouseMoved", "x": x, "y": y }));
    }

    /// Fingers on the glass at `points` (CSS pixels): `touchStart`, `touchMove` or
    /// `touchEnd` (then `points` is empty).
    pub fn touch(&mut self, kind: &str, points: &[(f64, f64)]) {
        let points: Vec<Value> = points
            .iter()
            .enumerate()
            .map(|(id, &(x, y))| json!({ "x": x, "y": y, "id": id, "radiusX": 8, "radiusY": 8 }))
            .collect();
        self.call("Input.dispatchTouchEvent", json!({ "type": kind, "touchPoints": points }));
    }

    /// A finger's tap at (`x`, `y`): down, a moment, up.
    pub fn tap(&mut self, x: f64, y: f64) {
        self.touch("touchStart", &[(x, y)]);
        self.linger(Duration::from_millis(120));
        self.touch("touchEnd", &[]);
    }

    /// Reads the page's console for `time`, as a person waits.
    pub fn linger(&mut self, time: Duration) {
        let deadline = Instant::now() + time;
        while Instant::now() < deadline {
            self.read();
        }
    }

    /// Taps the button that sends `action` once the page shows it (waiting at most
    /// `limit`), swiping the page up or down first when it is out of view; panics with
    /// the buttons it does show if it never does.
    pub fn tap_button(&mut self, action: &str, limit: Duration) {
        self.when_settled(action, limit, |page, (x, y), (wide, tall)| {
            if y < 24.0 || y > tall - 24.0 {
                // A finger drags the page the other way to bring the button in.
                let (from, to) = if y < 24.0 { (0.3, 0.7) } else { (0.7, 0.3) };
                page.swipe((wide / 2.0, tall * from), (wide / 2.0, tall * to));
                return false;
            }
            page.tap(x, y);
            true
        });
    }

    /// A finger swiped from `from` to `to` (CSS px) and lifted, held long enough for the
    /// page to see it move on a slow software-rendered frame or two.
    pub fn swipe(&mut self, from: (f64, f64), to: (f64, f64)) {
        self.touch("touchStart", &[from]);
        self.linger(Duration::from_millis(150));
        for k in 1..=8 {
            let share = f64::from(k) / 8.0;
            let at = (from.0 + (to.0 - from.0) * share, from.1 + (to.1 - from.1) * share);
            self.touch("touchMove", &[at]);
            self.linger(Duration::from_millis(60));
        }
        self.linger(Duration::from_millis(200));
        self.touch("touchEnd", &[]);
    }

    /// Finds the button of `action` where it stays for [`SETTLED`] looks (a button just laid
    /// out may still move) and gives `act` its centre and the page's size, CSS pixels,
    /// until `act` says it is done; panics with the buttons shown if `limit` passes first.
    fn when_settled(
        &mut self,
        action: &str,
        limit: Duration,
        mut act: impl FnMut(&mut Browser, (f64, f64), (f64, f64)) -> bool,
    ) {
        let deadline = Instant::now() + limit;
        let mut seen = None;
        let mut still = 0;
        loop {
            let shown = self.buttons();
            let here = shown.iter().find(|(a, ..)| a == action).map(|&(_, x, y)| (x, y));
            still = if here.is_some() && here == seen { still + 1 } else { 0 };
            // Still over half a second: a page drawing a few frames a second (two pages
            // side by side in software) can take several to lay out again, when its font
            // arrives, say, and says where its buttons were until it has.
            if let (Some(at), true) = (here, still >= SETTLED) {
                let tall = self.evaluate("innerHeight").as_f64().unwrap_or(0.0);
                let wide = self.evaluate("innerWidth").as_f64().unwrap_or(0.0);
                if act(self, at, (wide, tall)) {
                    return;
                }
                still = 0;
            }
            seen = here;
            if Instant::now() > deadline {
                let names: Vec<_> = shown.iter().map(|(a, ..)| a.as_str()).collect();
                panic!(
                    "no {action} button in view within {limit:?}; the page shows {names:?}: {:#?}",
                    self.console
                );
            }
            self.linger(Duration::from_millis(120));
        }
    }

    /// Where the page says the striker and the draughts squares are (`window.carromBoard`).
    pub fn board(&mut self) -> Value {
        let text = self.evaluate("window.carromBoard || '{}'");
        serde_json::from_str(text.as_str().unwrap_or("{}")).unwrap_or_default()
    }

    /// Whether the page sees the pointer over the button of `action` (at most 10 s waited):
    /// a slow page may draw several times before it does.
    fn until_hovered(&mut self, action: &str) -> bool {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            let listed = self.evaluate("window.carromButtons || '[]'");
            let listed: Value =
                serde_json::from_str(listed.as_str().unwrap_or("[]")).unwrap_or_default();
            let hovered = listed
                .as_array()
                .is_some_and(|all| all.iter().any(|b| b["name"] == action && b["hovered"] == true));
            if hovered {
                return true;
            }
            self.wait_for("\u{0}", Duration::from_millis(100));
        }
        false
    }

    /// The page's buttons (`window.carromButtons`): each one's name (`Play`,
    /// `Mode(Online)`, `Watch(0)` …) and its centre in CSS pixels.
    pub fn buttons(&mut self) -> Vec<(String, f64, f64)> {
        let listed = self.evaluate("window.carromButtons || '[]'");
        let listed: Value =
            serde_json::from_str(listed.as_str().unwrap_or("[]")).unwrap_or_default();
        let listed = listed.as_array().cloned().unwrap_or_default();
        listed
            .iter()
            .filter_map(|b| {
                let action = b["name"].as_str()?.to_string();
                Some((action, b["x"].as_f64()?, b["y"].as_f64()?))
            })
            .collect()
    }

    /// Clicks the button that sends `action`, once the page shows it (waiting at most
    /// `limit`); panics with the buttons it does show if it never does.
    pub fn press(&mut self, action: &str, limit: Duration) {
        self.when_settled(action, limit, |page, (x, y), (wide, tall)| {
            // It is pressed where it stays, once the page is scrolled (by the wheel, as a
            // person would) to show it.
            if y < 8.0 || y > tall - 8.0 {
                let wheel = if y < 8.0 { -120.0 } else { 120.0 };
                let event = json!({
                    "type": "mouseWheel", "x": wide / 2.0, "y": tall / 2.0,
                    "deltaX": 0, "deltaY": wheel,
                });
                page.call("Input.dispatchMouseEvent", event);
                return false;
            }
            // The pointer goes there first, as a hand's does, and the click comes once the
            // page sees it over the button; not seen there, it moved meanwhile: found again.
            page.point(x, y);
            if page.until_hovered(action) {
                page.click(x, y);
                return true;
            }
            false
        });
    }

    /// One key pressed and released: `key` as the browser names it (`Enter`, `1`, ` `),
    /// `code` the physical key (`Enter`, `Digit1`, `Space`), held `held`.
    pub fn key(&mut self, key: &str, code: &str, held: Duration) {
        let virtual_code = match key {
            "Enter" => 13,
            " " => 32,
            k if k.len() == 1 => k.as_bytes()[0].to_ascii_uppercase() as u32,
            _ => 0,
        };
        let text = match key {
            "Enter" => "\r",
            k if k.chars().count() == 1 => k,
            _ => "",
        };
        let down = json!({
            "type": if text.is_empty() { "rawKeyDown" } else { "keyDown" },
            "key": key, "code": code, "text": text, "windowsVirtualKeyCode": virtual_code,
        });
        self.call("Input.dispatchKeyEvent", down);
        let deadline = Instant::now() + held;
        while Instant::now() < deadline {
            self.read();
        }
        let up = json!({ "type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": virtual_code });
        self.call("Input.dispatchKeyEvent", up);
    }

    /// Text committed by the keyboard into whatever has the page's focus, as a phone's
    /// keyboard gives a word.
    pub fn insert_text(&mut self, text: &str) {
        self.call("Input.insertText", json!({ "text": text }));
    }

    /// Types `digits` and presses Enter, as a draughts player names a square.
    pub fn type_square(&mut self, digits: &str) {
        for digit in digits.chars() {
            self.key(&digit.to_string(), &format!("Digit{digit}"), Duration::from_millis(50));
        }
        self.key("Enter", "Enter", Duration::from_millis(50));
    }

    /// Reloads the page (its storage stays), forgetting the console so far.
    pub fn reload(&mut self) {
        self.call("Page.reload", json!({}));
        self.console.clear();
    }

    /// Every console line so far that contains `needle`.
    pub fn lines_with(&self, needle: &str) -> Vec<String> {
        self.console.iter().filter(|l| l.contains(needle)).cloned().collect()
    }

    /// Saves what the page shows beside its profile as `NAME.png`, for a failure's reader;
    /// says where.
    pub fn keep_screenshot(&mut self, name: &str) -> String {
        let to = self.profile.with_file_name(format!("{name}.png"));
        self.screenshot(&to);
        format!("the page as it was: {}", to.display())
    }

    /// A screenshot of the page, as RGBA rows: (width, height, pixels).
    pub fn screenshot(&mut self, to: &Path) -> (u32, u32, Vec<u8>) {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().expect("screenshot data"))
            .expect("base64");
        std::fs::write(to, &bytes).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut pixels).expect("its pixels");
        let channels = info.color_type.samples();
        let rgba = pixels
            .chunks(channels)
            .flat_map(|p| [p[0], p[1], p[2], if channels == 4 { p[3] } else { 255 }])
            .collect();
        (info.width, info.height, rgba)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The DevTools port Chromium chose (it writes it into the profile), waiting at most 30 s.
fn devtools_port(profile: &Path) -> u16 {
    let file = profile.join("DevToolsActivePort");
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if let Some(port) = std::fs::read_to_string(&file)
            .ok()
            .and_then(|t| t.lines().next().and_then(|l| l.trim().parse().ok()))
        {
            return port;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("chromium did not open its DevTools port within 30 s");
}

/// A plain HTTP GET on loopback; the body.
pub fn http_get(port: u16, path: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    answer.split_once("\r\n\r\n").map(|(_, body)| body.to_string()).unwrap_or_default()
}
